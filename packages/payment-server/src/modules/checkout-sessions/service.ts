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
import type { TrialSettings } from '../../pricing/index.ts';
import { findCustomerByDid, getCustomer } from '../customers/service.ts';
import { isSessionPayer, newClientSecret, type CheckoutActor } from './access.ts';
import { assertOnSale } from './purchase-rules.ts';
import { findPaymentIntent } from '../payment-intents/service.ts';
import type { Catalogue } from '../catalogue/cache.ts';
import {
  dueNowPerCurrency,
  linePriceIds,
  priceSession,
  sessionLinesJson,
  type SessionLine,
} from './line-items.ts';
import {
  findCheckoutSessionRow,
  insertCheckoutSessionRow,
  updateOpenSession,
  type CheckoutSessionRow,
} from './repository.ts';

type ViewDeps = Pick<PaymentDeps, 'db' | 'clock' | 'catalogue'>;

const sessionSubscription = checkoutSessionSchema.shape.subscription_data.unwrap();
// Sessions started before the staking terms were copied from the link have neither: no threshold.
const sessionSubscriptionJson = sessionSubscription.extend({
  billing_threshold_amount: sessionSubscription.shape.billing_threshold_amount.default('0'),
  min_stake_amount: sessionSubscription.shape.min_stake_amount.default('0'),
});

const INVALID_ID_MESSAGE = 'Either a checkoutSession or a paymentLink id is required';

/** A checkout id is `plink_…` (a link to start from) or `cs_…` (a session); anything else is refused the same way everywhere. */
export function assertCheckoutId(id: string): void {
  if (!hasPrefix(id, 'checkoutSession') && !hasPrefix(id, 'paymentLink')) {
    throw new AppError('INVALID_CHECKOUT_ID', INVALID_ID_MESSAGE);
  }
}

export async function getSessionRow(db: PaymentDb, id: string): Promise<CheckoutSessionRow> {
  assertCheckoutId(id);
  const row = hasPrefix(id, 'checkoutSession') ? await findCheckoutSessionRow(db, id) : undefined;
  if (!row) throw notFound('checkout session', id);
  return row;
}

export function sessionLines(row: CheckoutSessionRow): SessionLine[] {
  return readJson(sessionLinesJson, row.line_items);
}

/** The link's subscription terms the session copied at start: trial, threshold, staking. */
export function sessionSubscriptionData(row: CheckoutSessionRow) {
  return readJsonOrNull(sessionSubscriptionJson, row.subscription_data);
}

export function sessionTrial(row: CheckoutSessionRow): TrialSettings | null {
  return sessionSubscriptionData(row);
}

/** A session past `expires_at` reads as expired even before the sweeper has marked it. */
export function effectiveStatus(row: CheckoutSessionRow, now: number): CheckoutSession['status'] {
  const status = checkoutSessionSchema.shape.status.parse(row.status);
  return status === 'open' && row.expires_at <= now ? 'expired' : status;
}

/** The session's lines priced in `currencyId` (its own by default), with their prices. */
export async function priceSessionRow(
  catalogue: Catalogue,
  row: CheckoutSessionRow,
  now: number,
  currencyId = row.currency_id,
) {
  const lines = sessionLines(row);
  const prices = await catalogue.prices(linePriceIds(lines));
  const pricing = { lines, prices, currencyId, trial: sessionTrial(row), now };
  return { ...pricing, ...priceSession(pricing) };
}

export async function toCheckoutSession(
  deps: Pick<PaymentDeps, 'clock'>,
  row: CheckoutSessionRow,
  catalogue: Catalogue,
): Promise<CheckoutSession> {
  const now = deps.clock.now();
  const livemode = fromFlag(row.livemode);
  const priced = await priceSessionRow(catalogue, row, now);
  const { totals } = priced;
  const methods = await catalogue.paymentMethods(livemode);
  const currencyIds = methods.flatMap((method) => method.payment_currencies.map((currency) => currency.id));
  const subscriptionData = sessionSubscriptionData(row);
  const s = checkoutSessionSchema.shape;
  return {
    id: row.id,
    object: 'checkout_session',
    payment_link_id: row.payment_link_id,
    mode: s.mode.parse(row.mode),
    status: effectiveStatus(row, now),
    payment_status: s.payment_status.parse(row.payment_status),
    submit_type: s.submit_type.parse(row.submit_type),
    livemode,
    currency_id: row.currency_id,
    line_items: priced.lineItems,
    amount_subtotal: totals.subtotal.toString(),
    amount_total: totals.amountDueNow.toString(),
    amount_due_now: totals.amountDueNow.toString(),
    amount_renewal: totals.renewalAmount.toString(),
    trial: subscriptionData && {
      applies: totals.isTrialing,
      trial_period_days: subscriptionData.trial_period_days,
      trial_end: totals.trial.trialEndsAt,
    },
    currency_amounts: dueNowPerCurrency({ ...priced, currencyIds }).map((amount) => ({
      currency_id: amount.currency_id,
      amount_due_now: amount.amountDueNow.toString(),
      amount_renewal: amount.renewalAmount.toString(),
    })),
    customer_id: row.customer_id,
    invoice_id: row.invoice_id,
    subscription_id: row.subscription_id,
    payment_intent_id: row.payment_intent_id,
    phone_number_collection: { enabled: fromFlag(row.phone_number_collection) },
    billing_address_collection: s.billing_address_collection.parse(row.billing_address_collection),
    cross_sell_behavior: s.cross_sell_behavior.parse(row.cross_sell_behavior),
    subscription_data: subscriptionData,
    success_url: row.success_url,
    expires_at: row.expires_at,
    created_at: row.created_at,
    metadata: readJson(metadataSchema, row.metadata),
    client_secret: null,
  };
}

/**
 * Everything the checkout page renders for one session. Anyone holding its id sees what is sold
 * (the page is its link), but who pays, with which card, and the seller's metadata (the start
 * address's query) only the payer sees.
 */
export async function getCheckoutView(
  deps: ViewDeps,
  row: CheckoutSessionRow,
  actor: CheckoutActor,
  opened?: { clientSecret: string; catalogue: Catalogue },
): Promise<StartCheckoutResponse> {
  const clientSecret = opened?.clientSecret ?? null;
  const catalogue = opened?.catalogue ?? (await deps.catalogue.read(deps.db));
  const owner = row.customer_id ? await getCustomer(deps.db, row.customer_id) : null;
  const isPayer = clientSecret !== null || isSessionPayer(row, owner?.did ?? null, actor);
  const paymentIntent = row.payment_intent_id
    ? await findPaymentIntent(deps.db, row.payment_intent_id)
    : null;
  const link = row.payment_link_id ? await catalogue.paymentLink(row.payment_link_id) : null;
  const methods = await catalogue.paymentMethods(fromFlag(row.livemode));
  const checkoutSession = await toCheckoutSession(deps, row, catalogue);
  const intent = paymentIntent?.intent ?? null;
  // The session's customer to its payer only; before anyone submitted, the signed-in user's own
  // (the form's prefill).
  const prefill =
    !owner && actor.user ? await findCustomerByDid(deps.db, actor.user.did, fromFlag(row.livemode)) : null;
  return {
    checkoutSession: isPayer
      ? { ...checkoutSession, client_secret: clientSecret }
      : { ...checkoutSession, customer_id: null, metadata: {} },
    paymentMethods: methods,
    paymentIntent:
      intent && !isPayer
        ? { ...intent, customer_id: null, payment_details: null, last_payment_error: null }
        : intent,
    paymentLink: link?.link ?? null,
    customer: isPayer && owner ? owner : prefill,
  };
}

/**
 * Opens a new session from a payment link. The link decides mode, currency, collection rules,
 * lifetime and livemode; its cross-sell line is offered beside the cart, not put in it. Query
 * parameters the page passed along are kept as the session's metadata.
 */
export async function startCheckoutFromLink(
  deps: ViewDeps,
  input: { paymentLinkId: string; metadata: Record<string, string>; user: SessionUser | null },
): Promise<StartCheckoutResponse> {
  const catalogue = await deps.catalogue.read(deps.db);
  const config = await catalogue.paymentLink(input.paymentLinkId);
  if (!config) throw notFound('payment link', input.paymentLinkId);
  if (!config.link.active)
    throw new AppError('PAYMENT_LINK_INACTIVE', 'This payment link is no longer active');
  const lines: SessionLine[] = config.line_items
    .filter((line) => !line.cross_sell)
    .map((line) => ({
      price_id: line.price_id,
      quantity: line.quantity,
      custom_amount: null,
      upsell_price_id: null,
      cross_sell: false,
    }));
  const prices = await catalogue.prices(linePriceIds(lines));
  const isRecurring = [...prices.values()].some((price) => price.type === 'recurring');
  const subscriptionData =
    isRecurring && config.subscription_data ? { ...config.subscription_data, trial_end: null } : null;
  const now = deps.clock.now();
  const { lineItems, totals } = priceSession({
    lines,
    prices,
    currencyId: config.currency_id,
    trial: subscriptionData,
    now,
  });
  assertOnSale(lineItems);
  const id = newId('checkoutSession');
  const secret = newClientSecret(id);
  const row: CheckoutSessionRow = {
    id,
    payment_link_id: config.link.id,
    mode: isRecurring ? 'subscription' : 'payment',
    status: 'open',
    payment_status: 'unpaid',
    submit_type: config.link.submit_type,
    livemode: toFlag(config.livemode),
    currency_id: config.currency_id,
    line_items: JSON.stringify(lines),
    amount_subtotal: totals.subtotal.toString(),
    amount_total: totals.amountDueNow.toString(),
    customer_id: null,
    invoice_id: null,
    subscription_id: null,
    payment_intent_id: null,
    phone_number_collection: toFlag(config.phone_number_collection),
    billing_address_collection: config.billing_address_collection,
    cross_sell_behavior: config.cross_sell_behavior,
    subscription_data: subscriptionData && JSON.stringify(subscriptionData),
    success_url: config.link.after_completion.redirect?.url ?? null,
    inventory_reserved: 0,
    inventory_held_until: null,
    client_secret_hash: secret.hash,
    supporter_display: null,
    metadata: JSON.stringify(input.metadata),
    expires_at: now + config.expires_after_seconds,
    created_at: now,
    updated_at: now,
  };
  await insertCheckoutSessionRow(deps.db, row);
  return getCheckoutView(
    deps,
    row,
    { user: input.user, secret: secret.secret },
    { clientSecret: secret.secret, catalogue },
  );
}

/** `cs_…` shows that session; `plink_…` starts a new one, as the page's first load does. */
export async function retrieveCheckout(
  deps: ViewDeps,
  input: { id: string; actor: CheckoutActor },
): Promise<StartCheckoutResponse> {
  assertCheckoutId(input.id);
  if (hasPrefix(input.id, 'paymentLink')) {
    return startCheckoutFromLink(deps, { paymentLinkId: input.id, metadata: {}, user: input.actor.user });
  }
  return getCheckoutView(deps, await getSessionRow(deps.db, input.id), input.actor);
}

/** Why a session can no longer take a payment or a change, or null while it can. */
export function sessionClosedError(row: CheckoutSessionRow, now: number): AppError | null {
  if (row.status === 'complete') {
    return new AppError('CHECKOUT_SESSION_COMPLETED', 'This checkout session is already complete');
  }
  if (effectiveStatus(row, now) !== 'open') {
    return new AppError('CHECKOUT_SESSION_EXPIRED', 'This checkout session has expired');
  }
  return null;
}

/** The session, if a payer may still change or pay it. */
export async function getOpenSessionRow(deps: ViewDeps, id: string): Promise<CheckoutSessionRow> {
  const row = await getSessionRow(deps.db, id);
  const closed = sessionClosedError(row, deps.clock.now());
  if (closed) throw closed;
  return row;
}

/**
 * Takes an open session's row lock and answers the row as locked, so the caller decides on what
 * nobody else can change until it commits; refused with why when the session is complete or
 * expired. A payer's change or submit is refused too once the session's time ran out, even
 * before the sweeper marked it; a payment that went through (`isPaid`) still completes it.
 */
export async function lockOpenSession(
  db: PaymentDb,
  input: { id: string; now: number; isPaid?: boolean },
): Promise<CheckoutSessionRow> {
  const { id, now } = input;
  const locked = await updateOpenSession(db, id, { updated_at: now });
  if (!locked) {
    throw (
      sessionClosedError(await getSessionRow(db, id), now) ??
      new AppError('CHECKOUT_SESSION_EXPIRED', 'This checkout session has expired')
    );
  }
  const lapsed = input.isPaid ? null : sessionClosedError(locked, now);
  if (lapsed) throw lapsed;
  return locked;
}

/** Completes the session: `no_payment_required` when nothing was charged now (a trial). */
export async function markSessionPaid(
  db: PaymentDb,
  id: string,
  input: {
    invoiceId: string;
    subscriptionId: string | null;
    paymentStatus: 'paid' | 'no_payment_required';
    now: number;
  },
) {
  await updateOpenSession(db, id, {
    status: 'complete',
    // The units are sold now: no hold is left for the sweeper to give back.
    inventory_reserved: 1,
    inventory_held_until: null,
    payment_status: input.paymentStatus,
    invoice_id: input.invoiceId,
    subscription_id: input.subscriptionId,
    updated_at: input.now,
  });
}
