import {
  checkoutSessionSchema,
  hasPrefix,
  metadataSchema,
  newId,
  type CheckoutSession,
  type SessionUser,
  type StartCheckoutResponse,
} from '@bazaar/schemas';
import { AppError, notFound } from '@bazaar/server-kit';
import { fromFlag, readJson, readJsonOrNull, toFlag } from '../../db/json.ts';
import type { PaymentDb } from '../../db/tables.ts';
import type { PaymentDeps } from '../../deps.ts';
import { findCustomerByDid, getCustomer } from '../customers/service.ts';
import { findPaymentIntent } from '../payment-intents/service.ts';
import { findPaymentLink, getPaymentLink } from '../payment-links/service.ts';
import { listPaymentMethods } from '../payment-methods/service.ts';
import { getPricesById } from '../prices/service.ts';
import { defaultCustomAmount, priceLines, sessionLinesJson, type SessionLine } from './line-items.ts';
import {
  findCheckoutSessionRow,
  insertCheckoutSessionRow,
  updateOpenSession,
  type CheckoutSessionRow,
} from './repository.ts';

/** How long a payer has to finish a checkout they opened. */
export const SESSION_LIFETIME_SECONDS = 24 * 3_600;

const sessionSubscriptionJson = checkoutSessionSchema.shape.subscription_data.unwrap();

export async function findSessionRow(db: PaymentDb, id: string): Promise<CheckoutSessionRow> {
  const row = await findCheckoutSessionRow(db, id);
  if (!row) throw notFound('checkout session', id);
  return row;
}

export function sessionLines(row: CheckoutSessionRow): SessionLine[] {
  return readJson(sessionLinesJson, row.line_items);
}

export async function toCheckoutSession(db: PaymentDb, row: CheckoutSessionRow): Promise<CheckoutSession> {
  const lines = sessionLines(row);
  const prices = await getPricesById(
    db,
    lines.map((line) => line.price_id),
  );
  const { lineItems } = priceLines(lines, prices, row.currency_id);
  const s = checkoutSessionSchema.shape;
  return {
    id: row.id,
    object: 'checkout_session',
    payment_link_id: row.payment_link_id,
    mode: s.mode.parse(row.mode),
    status: s.status.parse(row.status),
    payment_status: s.payment_status.parse(row.payment_status),
    submit_type: s.submit_type.parse(row.submit_type),
    livemode: fromFlag(row.livemode),
    currency_id: row.currency_id,
    line_items: lineItems,
    amount_subtotal: row.amount_subtotal,
    amount_total: row.amount_total,
    customer_id: row.customer_id,
    invoice_id: row.invoice_id,
    subscription_id: row.subscription_id,
    payment_intent_id: row.payment_intent_id,
    phone_number_collection: { enabled: fromFlag(row.phone_number_collection) },
    billing_address_collection: s.billing_address_collection.parse(row.billing_address_collection),
    cross_sell_behavior: s.cross_sell_behavior.parse(row.cross_sell_behavior),
    subscription_data: readJsonOrNull(sessionSubscriptionJson, row.subscription_data),
    success_url: row.success_url,
    expires_at: row.expires_at,
    created_at: row.created_at,
    metadata: readJson(metadataSchema, row.metadata),
  };
}

/** Contact details are shown only to their owner: a session id alone must not reveal them. */
async function visibleCustomer(db: PaymentDb, row: CheckoutSessionRow, user: SessionUser | null) {
  if (!user) return null;
  const customer = row.customer_id ? await getCustomer(db, row.customer_id) : null;
  if (customer) return customer.did === user.did ? customer : null;
  return findCustomerByDid(db, user.did, fromFlag(row.livemode));
}

/** Everything the checkout page renders for one session. */
export async function getCheckoutView(
  db: PaymentDb,
  row: CheckoutSessionRow,
  user: SessionUser | null,
): Promise<StartCheckoutResponse> {
  const paymentIntent = row.payment_intent_id ? await findPaymentIntent(db, row.payment_intent_id) : null;
  const link = row.payment_link_id ? await findPaymentLink(db, row.payment_link_id) : null;
  return {
    checkoutSession: await toCheckoutSession(db, row),
    paymentMethods: await listPaymentMethods(db, fromFlag(row.livemode)),
    paymentIntent: paymentIntent?.intent ?? null,
    paymentLink: link?.link ?? null,
    customer: await visibleCustomer(db, row, user),
  };
}

/**
 * Opens a new session from a payment link. The link decides mode, currency, collection rules
 * and livemode; query parameters the page passed along are kept as the session's metadata.
 */
export async function startCheckoutFromLink(
  deps: Pick<PaymentDeps, 'db' | 'clock'>,
  input: { paymentLinkId: string; metadata: Record<string, string>; user: SessionUser | null },
): Promise<StartCheckoutResponse> {
  const config = await getPaymentLink(deps.db, input.paymentLinkId);
  if (!config.link.active)
    throw new AppError('PAYMENT_LINK_INACTIVE', 'This payment link is no longer active');
  const prices = await getPricesById(
    deps.db,
    config.line_items.map((line) => line.price_id),
  );
  const lines: SessionLine[] = config.line_items.map((line) => {
    const custom = prices.get(line.price_id)?.custom_unit_amount;
    return { ...line, custom_amount: custom ? defaultCustomAmount(custom) : null };
  });
  const { subtotal } = priceLines(lines, prices, config.currency_id);
  const isRecurring = [...prices.values()].some((price) => price.type === 'recurring');
  const now = deps.clock.now();
  const row: CheckoutSessionRow = {
    id: newId('checkoutSession'),
    payment_link_id: config.link.id,
    mode: isRecurring ? 'subscription' : 'payment',
    status: 'open',
    payment_status: 'unpaid',
    submit_type: config.link.submit_type,
    livemode: toFlag(config.livemode),
    currency_id: config.currency_id,
    line_items: JSON.stringify(lines),
    amount_subtotal: subtotal.toString(),
    amount_total: subtotal.toString(),
    customer_id: null,
    invoice_id: null,
    subscription_id: null,
    payment_intent_id: null,
    phone_number_collection: toFlag(config.phone_number_collection),
    billing_address_collection: config.billing_address_collection,
    cross_sell_behavior: config.cross_sell_behavior,
    subscription_data:
      isRecurring && config.subscription_data
        ? JSON.stringify({ ...config.subscription_data, trial_end: null })
        : null,
    success_url: config.link.after_completion.redirect?.url ?? null,
    inventory_reserved: 0,
    metadata: JSON.stringify(input.metadata),
    expires_at: now + SESSION_LIFETIME_SECONDS,
    created_at: now,
    updated_at: now,
  };
  await insertCheckoutSessionRow(deps.db, row);
  return getCheckoutView(deps.db, row, input.user);
}

/** `cs_…` shows that session; `plink_…` starts a new one, as the page's first load does. */
export async function retrieveCheckout(
  deps: Pick<PaymentDeps, 'db' | 'clock'>,
  input: { id: string; user: SessionUser | null },
): Promise<StartCheckoutResponse> {
  if (hasPrefix(input.id, 'paymentLink')) {
    return startCheckoutFromLink(deps, { paymentLinkId: input.id, metadata: {}, user: input.user });
  }
  if (!hasPrefix(input.id, 'checkoutSession')) {
    throw new AppError('INVALID_CHECKOUT_ID', 'Either a checkoutSession or a paymentLink id is required');
  }
  return getCheckoutView(deps.db, await findSessionRow(deps.db, input.id), input.user);
}

/** Why a session can no longer take a payment, or null while it can. */
export function sessionClosedError(row: CheckoutSessionRow, now: number): AppError | null {
  if (row.status === 'complete') {
    return new AppError('CHECKOUT_SESSION_COMPLETED', 'This checkout session is already complete');
  }
  if (row.status !== 'open' || row.expires_at <= now) {
    return new AppError('CHECKOUT_SESSION_EXPIRED', 'This checkout session has expired');
  }
  return null;
}

/** Takes the session's row lock if it is still open; false once it is complete or expired. */
export async function lockOpenSession(db: PaymentDb, id: string, now: number): Promise<boolean> {
  return updateOpenSession(db, id, { updated_at: now });
}

export async function markSessionPaid(db: PaymentDb, id: string, input: { invoiceId: string; now: number }) {
  await updateOpenSession(db, id, {
    status: 'complete',
    payment_status: 'paid',
    invoice_id: input.invoiceId,
    updated_at: input.now,
  });
}
