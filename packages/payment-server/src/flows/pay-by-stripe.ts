import type { PaymentIntent, TestCardResult } from '@bazaar/schemas';
import { AppError, notFound } from '@bazaar/server-kit';
import type Stripe from 'stripe';
import type { PaymentDeps } from '../deps.ts';
import { findCurrencyRow, findMethodRow } from '../modules/payment-methods/repository.ts';
import {
  findPaymentIntent,
  getPaymentIntent,
  isSecretMatching,
  PAYABLE_STATUSES,
  type PaymentIntentRecord,
} from '../modules/payment-intents/service.ts';
import { settleRefund } from '../modules/refunds/service.ts';
import { toStripeAmount, toStripeCurrency } from '../providers/stripe/amounts.ts';
import { toRefundOutcome } from '../providers/stripe/card-network.ts';
import { toStripeMethod, type StripeMethod } from '../providers/stripe/client.ts';
import {
  cardOf,
  failureOf,
  isEngineCharge,
  ourIntentIdOf,
  refundIdOf,
  retrieveStripeIntent,
  savedCardOf,
  type StripeIntent,
} from '../providers/stripe/intents.ts';
import {
  claimFailureApplying,
  findStripeIntentRow,
  markStripeEventApplied,
  recordStripeEvent,
  type StripeIntentRow,
} from '../providers/stripe/repository.ts';
import { failPayment } from './fail-payment.ts';
import { getPaymentPurpose, settlePayment } from './settle-payment.ts';

/** Stripe's tolerance for a webhook's signed timestamp, against replays. */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

async function findStripeMethod(deps: PaymentDeps, methodId: string): Promise<StripeMethod | null> {
  const row = await findMethodRow(deps.db, methodId);
  return row ? toStripeMethod(row) : null;
}

/** Whether Stripe took what our intent asks now, in its currency. */
async function isChargedAsAsked(deps: PaymentDeps, ours: PaymentIntent, paid: Stripe.PaymentIntent) {
  const currency = toStripeCurrency((await findCurrencyRow(deps.db, ours.currency_id))!);
  return (
    paid.currency === currency.code &&
    BigInt(paid.amount_received) === toStripeAmount(BigInt(ours.amount), currency)
  );
}

/**
 * Money Stripe took that the kit does not book (a stale intent replaced since, terms changed
 * under it, or what it paid for is gone) goes back in full, once.
 */
async function refundUnbooked(deps: PaymentDeps, method: StripeMethod, paid: Stripe.PaymentIntent) {
  await deps.stripe
    .of(method)
    .refunds.create({ payment_intent: paid.id }, { idempotencyKey: `unbooked:${paid.id}` });
}

/**
 * Applies a Stripe intent's current state to ours, through the same settlement as every provider:
 * succeeded settles what ours pays for, a refused card fails the attempt, anything else (waiting
 * for 3-D Secure, processing) waits for the next word. The browser's confirmation and the webhook
 * both come here, in any order and any number of times, with one result.
 */
async function applyStripeIntent(
  deps: PaymentDeps,
  input: {
    record: PaymentIntentRecord;
    method: StripeMethod;
    stripeIntent: StripeIntent;
    /** The Stripe intent that stands for ours now, as the caller read it. */
    current: StripeIntentRow | undefined;
  },
): Promise<PaymentIntent> {
  const { record, method, stripeIntent } = input;
  const { intent } = record;
  const isCurrent = input.current?.stripe_id === stripeIntent.id;
  const isPayment = stripeIntent.object === 'payment_intent';

  if (stripeIntent.status === 'succeeded') {
    if (isPayment && (!isCurrent || !(await isChargedAsAsked(deps, intent, stripeIntent)))) {
      await refundUnbooked(deps, method, stripeIntent);
      return intent;
    }
    if (!isCurrent || intent.status === 'succeeded') return intent;
    const purpose = await getPaymentPurpose(deps.db, { record, transaction: null });
    const settled = await settlePayment(deps, {
      intent,
      purpose,
      details: cardOf(stripeIntent),
      savedCard: savedCardOf(stripeIntent),
      payerAddress: null,
    }).catch(async (error: unknown) => {
      if (isPayment && error instanceof AppError) await refundUnbooked(deps, method, stripeIntent);
      throw error;
    });
    if (isPayment && settled.status !== 'succeeded') await refundUnbooked(deps, method, stripeIntent);
    return settled;
  }

  const failure = failureOf(stripeIntent);
  if (
    isCurrent &&
    failure &&
    PAYABLE_STATUSES.includes(intent.status) &&
    (await claimFailureApplying(deps.db, { paymentIntentId: intent.id, failure: failure.attempt }))
  ) {
    return failPayment(deps, {
      paymentIntentId: intent.id,
      error: failure.error,
      card: cardOf(stripeIntent),
    });
  }
  return intent;
}

/**
 * `POST /stripe/payment-intents/{id}/confirm`: Stripe.js confirmed the intent on the page; the
 * kit asks Stripe how it went and applies that. The secret is the Stripe client secret the
 * submit answered, so only the page that holds it can ask.
 */
export async function confirmStripePayment(
  deps: PaymentDeps,
  input: { paymentIntentId: string; clientSecret: string },
): Promise<TestCardResult> {
  const row = await findStripeIntentRow(deps.db, input.paymentIntentId);
  if (!row || !isSecretMatching(row.client_secret, input.clientSecret)) {
    throw notFound('payment intent', input.paymentIntentId);
  }
  const record = await getPaymentIntent(deps.db, input.paymentIntentId);
  const method = await findStripeMethod(deps, record.intent.payment_method_id);
  if (!method) {
    throw new AppError(
      'PAYMENT_METHOD_UNAVAILABLE',
      'This payment method does not take cards through Stripe',
    );
  }
  const stripeIntent = await retrieveStripeIntent(deps.stripe.of(method), row.stripe_id);
  return {
    paymentIntent: await applyStripeIntent(deps, { record, method, stripeIntent, current: row }),
    next_action: null,
  };
}

/** A payment or setup intent an event is about; intents not made for one of ours are left alone. */
async function applyIntentEvent(deps: PaymentDeps, method: StripeMethod, object: StripeIntent) {
  const ourId = ourIntentIdOf(object);
  if (!ourId || isEngineCharge(object)) return;
  const record = await findPaymentIntent(deps.db, ourId);
  if (!record) return;
  const stripeIntent = await retrieveStripeIntent(deps.stripe.of(method), object.id);
  const current = await findStripeIntentRow(deps.db, ourId);
  await applyStripeIntent(deps, { record, method, stripeIntent, current });
}

/** A refund of ours that Stripe settled (or, as it may days later, failed). */
async function applyRefund(deps: PaymentDeps, refund: Stripe.Refund) {
  const refundId = refundIdOf(refund);
  if (!refundId) return;
  const outcome = toRefundOutcome(refund);
  if (outcome.status === 'pending') return;
  await deps.db.transaction().execute((trx) =>
    settleRefund(trx, {
      refundId,
      clock: deps.clock,
      outcome: outcome.status === 'succeeded' ? outcome : { status: 'failed', message: outcome.message },
    }),
  );
  await deps.flushEvents();
}

async function applyStripeEvent(deps: PaymentDeps, method: StripeMethod, event: Stripe.Event) {
  const stripe = deps.stripe.of(method);
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled':
    case 'setup_intent.succeeded':
    case 'setup_intent.setup_failed':
      return applyIntentEvent(deps, method, event.data.object);
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
    case 'charge.refund.updated':
      // The refund as Stripe holds it now: events about one refund may arrive out of order.
      return applyRefund(deps, await stripe.refunds.retrieve(event.data.object.id));
    case 'charge.refunded': {
      const refunds = await stripe.refunds.list({ charge: event.data.object.id, limit: 100 });
      for (const refund of refunds.data) await applyRefund(deps, refund);
      return;
    }
    default:
      // Other events are recorded (so a redelivery is recognised) and otherwise not needed.
      return;
  }
}

/**
 * `POST /stripe/webhooks/{methodId}`: an event from the method's Stripe account. It must carry a
 * valid `Stripe-Signature` of the method's signing secret, at most 300 s old; each event id is
 * applied once, however often Stripe delivers it (one that failed half-way is applied again).
 */
export async function receiveStripeWebhook(
  deps: PaymentDeps,
  input: { methodId: string; payload: string; signature: string | undefined },
): Promise<{ received: true }> {
  const method = await findStripeMethod(deps, input.methodId);
  if (!method?.webhookSecret) throw notFound('webhook endpoint', input.methodId);
  let event: Stripe.Event;
  try {
    event = deps.stripe
      .of(method)
      .webhooks.constructEvent(
        input.payload,
        input.signature ?? '',
        method.webhookSecret,
        STRIPE_WEBHOOK_TOLERANCE_SECONDS,
      );
  } catch {
    throw new AppError('WEBHOOK_SIGNATURE_INVALID', 'The Stripe-Signature header does not match the payload');
  }
  // A test-mode event never moves a live method's payments, nor the reverse.
  if (event.livemode !== method.livemode) return { received: true };
  const { isApplied } = await recordStripeEvent(deps.db, {
    id: event.id,
    payment_method_id: method.id,
    type: event.type,
    received_at: deps.clock.now(),
  });
  if (isApplied) return { received: true };
  await applyStripeEvent(deps, method, event);
  await markStripeEventApplied(deps.db, event.id, deps.clock.now());
  return { received: true };
}
