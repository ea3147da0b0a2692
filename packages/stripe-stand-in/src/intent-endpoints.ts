import { missingParam } from './api-error.ts';
import { ok, type ApiAnswer, type ApiContext } from './context.ts';
import { unixNow } from './ids.ts';
import {
  assertConfirmable,
  checkClientSecret,
  intentView,
  nameOf,
  unexpectedState,
  type Intent,
} from './intents.ts';
import { assertKnownParams, readEnum, readString } from './params.ts';
import type { Store } from './store.ts';

/**
 * What the payment intent and setup intent endpoints do alike; each passes how to find its kind of
 * intent, and what else differs.
 */

export type FindIntent<T extends Intent> = (store: Store, id: string) => T;

/** What any confirm takes, from a server or the payer's Stripe.js. */
const CONFIRM_PARAMS = [
  'client_secret',
  'payment_method',
  // Known, so that card data from a server gets Stripe's refusal rather than "unknown parameter".
  'payment_method_data',
  'return_url',
  'use_stripe_sdk',
  'expand',
];
/** Stripe.js also names the type of payment method it confirms with. */
const PUBLISHABLE_CONFIRM_PARAMS = [...CONFIRM_PARAMS, 'expected_payment_method_type'];

/** GET of an intent: the browser's read needs the client secret. */
export function retrieveIntent<T extends Intent>(context: ApiContext, find: FindIntent<T>): ApiAnswer {
  assertKnownParams(context.params, ['client_secret', 'expand']);
  const intent = find(context.store, context.id);
  checkClientSecret(context, intent);
  return ok(intentView(context, intent));
}

/**
 * The intent a confirm is for, once the caller sent only what it may (besides what any confirm
 * takes, the kind's `kindParams`, and `serverOnlyParams` from a server) and it may be confirmed.
 */
export function intentToConfirm<T extends Intent>(
  context: ApiContext,
  find: FindIntent<T>,
  kindParams: readonly string[] = [],
  serverOnlyParams: readonly string[] = [],
): T {
  const publishable = context.access === 'publishable';
  assertKnownParams(context.params, [
    ...(publishable ? PUBLISHABLE_CONFIRM_PARAMS : [...CONFIRM_PARAMS, ...serverOnlyParams]),
    ...kindParams,
  ]);
  const intent = find(context.store, context.id);
  checkClientSecret(context, intent);
  assertConfirmable(context, intent);
  return intent;
}

/** POST …/:id/cancel, from one of the `cancelable` statuses, for one of the `reasons` the kind takes. */
export function cancelIntent<T extends Intent>(
  context: ApiContext,
  find: FindIntent<T>,
  reasons: readonly NonNullable<T['cancellation_reason']>[],
  cancelable: readonly string[],
): ApiAnswer {
  assertKnownParams(context.params, ['cancellation_reason', 'expand']);
  const intent = find(context.store, context.id);
  const reason = readEnum(context.params, 'cancellation_reason', reasons);
  if (!cancelable.includes(intent.status)) {
    const name = nameOf(intent);
    throw unexpectedState(
      context,
      intent,
      `You cannot cancel this ${name} because it has a status of ${intent.status}. Only a ${name} with one of the following statuses may be canceled: ${cancelable.join(', ')}.`,
    );
  }
  intent.status = 'canceled';
  // Only a payment intent records when.
  if (intent.object === 'payment_intent') intent.canceled_at = unixNow();
  intent.cancellation_reason = reason ?? null;
  intent.next_action = null;
  context.emit(`${intent.object}.canceled`, intent);
  return ok(intentView(context, intent));
}

/** The payer's answer on the stand-in's 3-D Secure page, for an intent waiting for one. */
export function readAuthentication<T extends Intent>(
  context: ApiContext,
  find: FindIntent<T>,
): { intent: T; outcome: 'approve' | 'fail'; paymentMethod: string } {
  assertKnownParams(context.params, ['client_secret', 'outcome', 'expand']);
  const intent = find(context.store, context.id);
  if (readString(context.params, 'client_secret') === undefined) throw missingParam('client_secret');
  checkClientSecret(context, intent);
  const outcome = readEnum(context.params, 'outcome', ['approve', 'fail']);
  if (!outcome) throw missingParam('outcome');
  if (intent.status !== 'requires_action' || typeof intent.payment_method !== 'string') {
    throw unexpectedState(
      context,
      intent,
      `This ${nameOf(intent)} is not waiting for 3D Secure authentication.`,
    );
  }
  return { intent, outcome, paymentMethod: intent.payment_method };
}
