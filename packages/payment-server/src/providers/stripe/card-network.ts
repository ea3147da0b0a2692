import type { CardContext } from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import Stripe from 'stripe';
import type { PaymentDb } from '../../db/tables.ts';
import type { PaymentCurrencyRow } from '../../modules/payment-methods/repository.ts';
import type {
  CardIntent,
  CardRefundOutcome,
  ChargeOutcome,
  CardRefund,
  SavedCardCharge,
} from '../card-network.ts';
import { toSdkAmount, toStripeAmount, toStripeCurrency } from './amounts.ts';
import type { StripeClients, StripeMethod } from './client.ts';
import {
  findStripeCustomerId,
  findStripeIntentRow,
  saveStripeCustomerId,
  saveStripeIntentRow,
  type StripeIntentRow,
} from './repository.ts';

/**
 * Metadata every Stripe intent we make carries: our intent it pays, and for the billing engine's
 * off-session charges the attempt, whose outcome the engine records itself (webhooks leave those alone).
 */
export const METADATA = {
  intent: 'bazaar_payment_intent_id',
  attempt: 'bazaar_attempt',
  refund: 'bazaar_refund_id',
};

export interface StripeNetworkDeps {
  db: PaymentDb;
  clients: StripeClients;
}

/** Cards confirmed through Stripe are its payment methods; the test network's are `card_…`. */
export function isStripeCardId(cardId: string): boolean {
  return cardId.startsWith('pm_');
}

/** The Stripe customer our customer's saved cards are attached to, made on first need. */
async function stripeCustomerOf(
  deps: StripeNetworkDeps,
  input: { method: StripeMethod; customerId: string; now: number },
): Promise<string> {
  const { method, customerId } = input;
  const known = await findStripeCustomerId(deps.db, { customerId, methodId: method.id });
  if (known) return known;
  const created = await deps.clients
    .of(method)
    .customers.create(
      { metadata: { bazaar_customer_id: customerId } },
      { idempotencyKey: `customer:${method.id}:${customerId}` },
    );
  return saveStripeCustomerId(deps.db, {
    customer_id: customerId,
    payment_method_id: method.id,
    stripe_id: created.id,
    created_at: input.now,
  });
}

/** Creates the Stripe intent mirroring ours (a setup intent when nothing is due now). */
async function createStripeIntent(
  deps: StripeNetworkDeps,
  input: CardIntent & {
    method: StripeMethod;
    kind: CardContext['intent_type'];
    amount: bigint;
    currency: string;
    replaces: string | null;
  },
): Promise<StripeIntentRow> {
  const { record, method, kind } = input;
  const stripe = deps.clients.of(method);
  const ourId = record.intent.id;
  const customer =
    (input.keepCard || kind === 'setup_intent') && record.intent.customer_id
      ? await stripeCustomerOf(deps, { method, customerId: record.intent.customer_id, now: input.now })
      : undefined;
  const metadata = { [METADATA.intent]: ourId };
  // A kind that changes back and forth gets a new key each time: each creation is its own.
  const idempotencyKey = `intent:${ourId}:${kind}:${input.replaces ?? 'first'}`;
  const created =
    kind === 'setup_intent'
      ? await stripe.setupIntents.create(
          { customer, usage: 'off_session', allowed_payment_method_types: ['card'], metadata },
          { idempotencyKey },
        )
      : await stripe.paymentIntents.create(
          {
            amount: toSdkAmount(input.amount),
            currency: input.currency,
            customer,
            ...(input.keepCard ? { setup_future_usage: 'off_session' as const } : {}),
            allowed_payment_method_types: ['card'],
            metadata,
          },
          { idempotencyKey },
        );
  return saveMirror(deps, {
    ourId,
    kind,
    created,
    amount: input.amount,
    currency: input.currency,
    now: input.now,
  });
}

/** Records the Stripe intent that now stands for ours, with the terms it was made with. */
async function saveMirror(
  deps: StripeNetworkDeps,
  input: {
    ourId: string;
    kind: CardContext['intent_type'];
    created: { id: string; client_secret: string | null };
    amount: bigint;
    currency: string;
    now: number;
  },
): Promise<StripeIntentRow> {
  const row: StripeIntentRow = {
    payment_intent_id: input.ourId,
    stripe_id: input.created.id,
    kind: input.kind,
    client_secret: input.created.client_secret!,
    amount: input.amount.toString(),
    currency: input.currency,
    applied_failure: null,
    created_at: input.now,
    updated_at: input.now,
  };
  await saveStripeIntentRow(deps.db, row);
  return row;
}

/** The Stripe intent that stood for ours before its kind changed can no longer be confirmed. */
async function cancelReplaced(stripe: Stripe, row: StripeIntentRow): Promise<void> {
  const cancel =
    row.kind === 'setup_intent'
      ? stripe.setupIntents.cancel(row.stripe_id)
      : stripe.paymentIntents.cancel(row.stripe_id);
  // One already confirmed is settled (or refunded when its terms no longer match) when it is applied.
  await cancel.catch(() => undefined);
}

/**
 * Readies the Stripe intent the page confirms with Elements: created on the first submit, its
 * amount updated when a resubmit re-termed ours, replaced when ours changed kind (a trial that is
 * no longer one).
 */
async function prepareStripeIntent(
  deps: StripeNetworkDeps,
  input: CardIntent & { method: StripeMethod; currency: PaymentCurrencyRow },
): Promise<CardContext> {
  const { record, method } = input;
  const stripe = deps.clients.of(method);
  const currency = toStripeCurrency(input.currency);
  const amount = toStripeAmount(BigInt(record.intent.amount), currency);
  const kind = amount === 0n ? 'setup_intent' : 'payment_intent';
  const existing = await findStripeIntentRow(deps.db, record.intent.id);
  let row: StripeIntentRow;
  if (existing?.kind !== kind) {
    if (existing) await cancelReplaced(stripe, existing);
    row = await createStripeIntent(deps, {
      ...input,
      kind,
      amount,
      currency: currency.code,
      replaces: existing?.stripe_id ?? null,
    });
  } else if (
    kind === 'payment_intent' &&
    (existing.amount !== amount.toString() || existing.currency !== currency.code)
  ) {
    try {
      await stripe.paymentIntents.update(existing.stripe_id, {
        amount: toSdkAmount(amount),
        currency: currency.code,
      });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        throw new AppError('PAYMENT_INTENT_UNEXPECTED_STATE', 'This payment is already being processed');
      }
      throw error;
    }
    row = { ...existing, amount: amount.toString(), currency: currency.code, updated_at: input.now };
    await saveStripeIntentRow(deps.db, row);
  } else {
    row = existing;
  }
  return {
    provider: 'stripe',
    client_secret: row.client_secret,
    intent_type: kind,
    status: record.intent.status,
    publishable_key: method.publishableKey,
  };
}

/**
 * The billing engine's charge of a saved card, off-session, once per attempt (the attempt's key is
 * Stripe's idempotency key, so a node that crashed mid-charge learns the first answer). A card the
 * issuer wants authenticated fails the attempt; the payer pays the invoice on its page instead.
 */
async function chargeSavedStripeCard(
  deps: StripeNetworkDeps,
  input: SavedCardCharge & { method: StripeMethod; currency: PaymentCurrencyRow },
): Promise<ChargeOutcome> {
  const customer = await findStripeCustomerId(deps.db, {
    customerId: input.customerId,
    methodId: input.method.id,
  });
  if (!customer) {
    return {
      status: 'failed',
      chargeId: '',
      error: { code: 'card_missing', message: 'The saved card no longer exists.' },
    };
  }
  const currency = toStripeCurrency(input.currency);
  const amount = toStripeAmount(input.amount, currency);
  try {
    const charged = await deps.clients.of(input.method).paymentIntents.create(
      {
        amount: toSdkAmount(amount),
        currency: currency.code,
        customer,
        payment_method: input.cardId,
        off_session: true,
        confirm: true,
        allowed_payment_method_types: ['card'],
        metadata: { [METADATA.intent]: input.paymentIntentId, [METADATA.attempt]: input.idempotencyKey },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    if (charged.status !== 'succeeded') {
      // Cards settle at once; anything else leaves the attempt unrecorded, to be asked again.
      throw new Error(`Stripe left the off-session payment ${charged.id} ${charged.status}`);
    }
    // Refunds of this payment go to the Stripe intent that took it.
    await saveMirror(deps, {
      ourId: input.paymentIntentId,
      kind: 'payment_intent',
      created: charged,
      amount,
      currency: currency.code,
      now: input.now,
    });
    return { status: 'succeeded', chargeId: charged.id };
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
    const declined = error.payment_intent;
    return {
      status: 'failed',
      chargeId: declined?.id ?? '',
      error: { code: error.decline_code ?? error.code ?? 'card_declined', message: error.message },
    };
  }
}

/** A refund through Stripe, once per refund (its id is the idempotency key). */
async function refundStripePayment(
  deps: StripeNetworkDeps,
  input: CardRefund & { method: StripeMethod; currency: PaymentCurrencyRow; paid: StripeIntentRow },
): Promise<CardRefundOutcome> {
  const amount = toStripeAmount(input.amount, toStripeCurrency(input.currency));
  const refund = await deps.clients.of(input.method).refunds.create(
    {
      payment_intent: input.paid.stripe_id,
      amount: toSdkAmount(amount),
      metadata: { [METADATA.refund]: input.idempotencyKey },
    },
    { idempotencyKey: `refund:${input.idempotencyKey}` },
  );
  return toRefundOutcome(refund);
}

/** Stripe's refund as ours: `pending` (or needing the payer) waits for its webhook. */
export function toRefundOutcome(refund: Stripe.Refund): CardRefundOutcome {
  switch (refund.status) {
    case 'succeeded':
      return { status: 'succeeded', refundId: refund.id };
    case 'failed':
    case 'canceled':
      return {
        status: 'failed',
        refundId: refund.id,
        message: `Stripe could not refund the payment (${refund.failure_reason ?? refund.status}).`,
      };
    default:
      return { status: 'pending', refundId: refund.id };
  }
}

export const stripeNetwork = {
  prepareIntent: prepareStripeIntent,
  chargeSavedCard: chargeSavedStripeCard,
  refund: refundStripePayment,
};
