import type Stripe from 'stripe';
import { invalidParam, invalidRequest, StripeApiError } from './api-error.ts';
import { ok, type ApiContext, type Handler } from './context.ts';
import type { Emit } from './events.ts';
import { withExpansions } from './expand.ts';
import { newId, randomAlphanumeric } from './ids.ts';
import { formatAmount } from './money.ts';
import { listOf, newRefund } from './objects.ts';
import { findPaymentIntent } from './payment-intents.ts';
import { applyMetadata, assertKnownParams, readEnum, readExpand, readInteger, readString } from './params.ts';
import { cardOf, findOrFail, type Store } from './store.ts';

const CREATE_PARAMS = ['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand'];
const LIST_PARAMS = ['payment_intent', 'charge', 'limit', 'starting_after', 'expand'];
const REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;
/** Stripe's reason for 4000000000005126's refund failing. */
const FAILURE_REASON = 'expired_or_canceled_card';

/** The paid charge a refund takes money back from, named directly or by its payment intent. */
function chargeToRefund(context: ApiContext): Stripe.Charge {
  const { params, store } = context;
  const chargeId = readString(params, 'charge');
  const intentId = readString(params, 'payment_intent');
  if (!chargeId && !intentId) {
    throw invalidParam(
      'payment_intent',
      'One of the following params should be provided for this request: payment_intent or charge.',
      'parameter_missing',
    );
  }
  const intent = intentId ? findPaymentIntent(store, intentId, 'payment_intent') : null;
  const latest = typeof intent?.latest_charge === 'string' ? intent.latest_charge : null;
  if (intent && (intent.status !== 'succeeded' || !latest)) {
    throw invalidRequest(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, {
      param: 'payment_intent',
    });
  }
  const charge = findOrFail(store.charges, 'charge', chargeId ?? latest!, chargeId ? 'charge' : null);
  if (intent && charge.payment_intent !== intent.id) {
    throw invalidRequest(`The charge ${charge.id} does not belong to the PaymentIntent ${intent.id}.`, {
      param: 'charge',
    });
  }
  if (charge.status !== 'succeeded') {
    throw invalidRequest(`Charge ${charge.id} has no funds to refund: it did not succeed.`, {
      param: 'charge',
    });
  }
  return charge;
}

/** What is left to give back: pending and succeeded refunds count, failed ones do not. */
function refundAmount(context: ApiContext, charge: Stripe.Charge): number {
  const left = charge.amount - charge.amount_refunded;
  if (left === 0) {
    throw invalidRequest(`Charge ${charge.id} has already been refunded.`, {
      code: 'charge_already_refunded',
    });
  }
  const amount = readInteger(context.params, 'amount') ?? left;
  if (amount <= 0) throw invalidParam('amount', 'Invalid positive integer', 'parameter_invalid_integer');
  if (amount > left) {
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      code: 'amount_too_large',
      message: `Refund amount (${formatAmount(amount, charge.currency)}) is greater than unrefunded amount on charge (${formatAmount(left, charge.currency)})`,
      param: 'amount',
    });
  }
  return amount;
}

function setRefunded(charge: Stripe.Charge, amountRefunded: number): void {
  charge.amount_refunded = amountRefunded;
  charge.refunded = amountRefunded === charge.amount;
}

/** POST /v1/refunds — settled at once, or later for the test cards that do so (advanceRefunds). */
export const createRefund: Handler = (context) => {
  const { params, store } = context;
  assertKnownParams(params, CREATE_PARAMS);
  const charge = chargeToRefund(context);
  const amount = refundAmount(context, charge);
  const behaviour = cardOf(store, charge.payment_method!).behaviour.refund;
  const refund = newRefund({
    charge,
    amount,
    reason: readEnum(params, 'reason', REASONS) ?? null,
    metadata: applyMetadata({}, params),
    status: behaviour === 'pending_then_succeeds' ? 'pending' : 'succeeded',
  });
  store.refunds.set(refund.id, refund);
  if (behaviour === 'pending_then_succeeds') store.unsettledRefunds.set(refund.id, 'succeed');
  if (behaviour === 'succeeds_then_fails') store.unsettledRefunds.set(refund.id, 'fail');
  setRefunded(charge, charge.amount_refunded + amount);
  context.emit('refund.created', refund);
  context.emit('charge.refunded', charge);
  return ok(withExpansions(store, refund, readExpand(params)));
};

/** GET /v1/refunds/:id */
export const retrieveRefund: Handler = ({ store, params, id }) => {
  assertKnownParams(params, ['expand']);
  return ok(withExpansions(store, findOrFail(store.refunds, 'refund', id), readExpand(params)));
};

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;

/** GET /v1/refunds — newest first, as Stripe lists. */
export const listRefunds: Handler = ({ store, params }) => {
  assertKnownParams(params, LIST_PARAMS);
  const intent = readString(params, 'payment_intent');
  const charge = readString(params, 'charge');
  const limit = readInteger(params, 'limit') ?? DEFAULT_LIMIT;
  if (limit < 1 || limit > MAX_LIMIT) {
    throw invalidParam('limit', `Invalid limit: must be between 1 and ${MAX_LIMIT}`);
  }
  let refunds = [...store.refunds.values()]
    .filter(
      (refund) => (!intent || refund.payment_intent === intent) && (!charge || refund.charge === charge),
    )
    .reverse();
  const after = readString(params, 'starting_after');
  if (after) refunds = refunds.slice(refunds.findIndex((refund) => refund.id === after) + 1);
  const expand = readExpand(params).map((path) => path.replace(/^data\./, ''));
  const page = refunds.slice(0, limit).map((refund) => withExpansions(store, refund, expand));
  return ok(listOf(page, '/v1/refunds', refunds.length > limit));
};

function settleRefund(emit: Emit, refund: Stripe.Refund): void {
  refund.status = 'succeeded';
  refund.destination_details!.card!.reference = randomAlphanumeric(23);
  refund.destination_details!.card!.reference_status = 'available';
  emit('refund.updated', refund, { status: 'pending' });
  emit('charge.refund.updated', refund, { status: 'pending' });
}

/** The issuer returned the money: the refund fails and the charge counts it as not given back. */
function failRefund(store: Store, emit: Emit, refund: Stripe.Refund): void {
  const charge = findOrFail(store.charges, 'charge', refund.charge as string);
  refund.status = 'failed';
  refund.failure_reason = FAILURE_REASON;
  refund.failure_balance_transaction = newId('txn');
  setRefunded(charge, charge.amount_refunded - refund.amount);
  emit('refund.updated', refund, { status: 'succeeded' });
  emit('refund.failed', refund);
  emit('charge.refund.updated', refund, { status: 'succeeded' });
}

/** "Some time later", for the refunds whose test cards settle them late. */
export function advanceRefunds(store: Store, emit: Emit): void {
  for (const [id, outcome] of store.unsettledRefunds) {
    const refund = findOrFail(store.refunds, 'refund', id);
    if (outcome === 'succeed') settleRefund(emit, refund);
    else failRefund(store, emit, refund);
  }
  store.unsettledRefunds.clear();
}
