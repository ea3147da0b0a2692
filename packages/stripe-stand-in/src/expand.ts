import { invalidParam } from './api-error.ts';
import { snapshot, type Store } from './store.ts';

/** Which map an id's prefix points into, for `expand[]`. */
function resolveId(store: Store, id: string): object | undefined {
  const prefix = id.slice(0, id.indexOf('_'));
  const maps: Record<string, Map<string, object>> = {
    pi: store.paymentIntents,
    seti: store.setupIntents,
    ch: store.charges,
    pm: store.paymentMethods,
    cus: store.customers,
    re: store.refunds,
  };
  return maps[prefix]?.get(id);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function cannotExpand(path: string): never {
  throw invalidParam('expand', `This property cannot be expanded (${path}).`);
}

/** Expands one dotted path (`latest_charge`, `latest_charge.payment_method`, `data.charge`) in place. */
function expandPath(store: Store, target: Record<string, unknown>, steps: string[], path: string): void {
  const [field, ...rest] = steps;
  if (!field || !(field in target)) cannotExpand(path);
  const value = target[field];
  if (Array.isArray(value)) {
    if (rest.length === 0) cannotExpand(path);
    for (const item of value) if (isRecord(item)) expandPath(store, item, rest, path);
    return;
  }
  if (typeof value === 'string') {
    const found = resolveId(store, value);
    if (!found) cannotExpand(path);
    target[field] = snapshot(found);
  } else if (value !== null && !isRecord(value)) {
    cannotExpand(path);
  }
  const expanded = target[field];
  if (rest.length > 0 && isRecord(expanded)) expandPath(store, expanded, rest, path);
}

/** A copy of `object` with the `expand[]` paths replaced by the objects their ids name. */
export function withExpansions<T extends object>(store: Store, object: T, paths: readonly string[]): T {
  const copy = snapshot(object);
  for (const path of paths) expandPath(store, copy as Record<string, unknown>, path.split('.'), path);
  return copy;
}

/** The fields Stripe answers when a payment intent is read with a publishable key. */
const PUBLISHABLE_PAYMENT_INTENT_FIELDS = [
  'id',
  'object',
  'allowed_payment_method_types',
  'amount',
  'amount_details',
  'automatic_payment_methods',
  'canceled_at',
  'cancellation_reason',
  'capture_method',
  'client_secret',
  'confirmation_method',
  'created',
  'currency',
  'description',
  'excluded_payment_method_types',
  'last_payment_error',
  'livemode',
  'next_action',
  'payment_method',
  'payment_method_configuration_details',
  'payment_method_types',
  'processing',
  'receipt_email',
  'setup_future_usage',
  'shipping',
  'status',
];

const PUBLISHABLE_SETUP_INTENT_FIELDS = [
  'id',
  'object',
  'allowed_payment_method_types',
  'automatic_payment_methods',
  'cancellation_reason',
  'client_secret',
  'created',
  'description',
  'excluded_payment_method_types',
  'last_setup_error',
  'livemode',
  'next_action',
  'payment_method',
  'payment_method_configuration_details',
  'payment_method_types',
  'status',
  'usage',
];

function pick(object: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((field) => field in object).map((field) => [field, object[field]]));
}

/**
 * The part of an intent the payer's browser may read: no metadata, no customer, no charge, as with
 * Stripe. The intent is already a copy (expanded or not).
 */
export function publishableView(intent: { object: string }): Record<string, unknown> {
  const fields =
    intent.object === 'setup_intent' ? PUBLISHABLE_SETUP_INTENT_FIELDS : PUBLISHABLE_PAYMENT_INTENT_FIELDS;
  return pick(intent as Record<string, unknown>, fields);
}
