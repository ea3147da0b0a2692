import type { CardContext, testCardConfirmBodySchema } from '@bazaar/schemas';
import { newId } from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import type { z } from 'zod';
import type { PaymentDb } from '../db/tables.ts';
import type { CardDetails, PaymentError, PaymentIntentRecord } from '../modules/payment-intents/service.ts';
import type { CardNetwork, SavedCard } from './card-network.ts';
import {
  findTestCardRow,
  insertTestCardRow,
  recordTestChargeOnce,
  recordTestRefundOnce,
} from './test-card-repository.ts';

/**
 * The built-in card network of test mode, standing in for a card provider when no provider
 * keys are configured. Its numbers behave like Stripe's test cards.
 */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declines: '4000000000000002',
  requiresAuthentication: '4000002500003155',
  /** Can be saved (a trial checkout keeps it), but every charge on it declines: a failing renewal. */
  declinesAfterAttaching: '4000000000000341',
  /** Pays, but refunding the payment fails. */
  refundFails: '4000000000005126',
} as const;

/** How charges on a saved card go; 3155 needs authentication only while the payer is present. */
export type SavedCardBehavior = 'succeeds' | 'declines';

export function savedCardBehavior(digits: string): SavedCardBehavior {
  return digits === TEST_CARDS.declinesAfterAttaching || digits === TEST_CARDS.declines
    ? 'declines'
    : 'succeeds';
}

/** Keeps the payer's card at the network for later charges; the number itself is never stored. */
export async function saveTestCard(
  db: PaymentDb,
  input: { customerId: string; digits: string; exp_month: number; exp_year: number; now: number },
): Promise<SavedCard> {
  const card = { card_id: newId('testCard'), brand: cardBrand(input.digits), last4: input.digits.slice(-4) };
  await insertTestCardRow(db, {
    id: card.card_id,
    customer_id: input.customerId,
    brand: card.brand,
    last4: card.last4,
    exp_month: input.exp_month,
    exp_year: input.exp_year,
    behavior: savedCardBehavior(input.digits),
    created_at: input.now,
  });
  return card;
}

/**
 * The test network's side of card payments: readies test-mode intents for the card form,
 * charges saved cards and refunds payments, once per idempotency key.
 */
export function createTestCardNetwork(db: PaymentDb): CardNetwork {
  return {
    async prepareIntent(input) {
      if (input.record.intent.livemode) throw LIVE_PAYMENT_REFUSED;
      return toCardContext(input.record);
    },
    async chargeSavedCard(input) {
      const card = await findTestCardRow(db, input.cardId);
      const error = !card
        ? { code: 'card_missing', message: 'The saved card no longer exists.' }
        : isCardExpired(card, input.now)
          ? EXPIRED
          : card.behavior === 'declines'
            ? DECLINED
            : null;
      const charge = await recordTestChargeOnce(db, {
        id: newId('testCharge'),
        idempotency_key: input.idempotencyKey,
        card_id: input.cardId,
        amount: input.amount.toString(),
        currency_id: input.currencyId,
        status: error ? 'failed' : 'succeeded',
        failure_code: error?.code ?? null,
        failure_message: error?.message ?? null,
        created_at: input.now,
      });
      return charge.status === 'succeeded'
        ? { status: 'succeeded', chargeId: charge.id }
        : {
            status: 'failed',
            chargeId: charge.id,
            error: { code: charge.failure_code ?? 'card_declined', message: charge.failure_message ?? '' },
          };
    },
    async refund(input) {
      const fails = input.card?.last4 === TEST_CARDS.refundFails.slice(-4);
      const refund = await recordTestRefundOnce(db, {
        id: newId('testRefund'),
        idempotency_key: input.idempotencyKey,
        payment_intent_id: input.paymentIntentId,
        amount: input.amount.toString(),
        status: fails ? 'failed' : 'succeeded',
        failure_message: fails ? REFUND_FAILED : null,
        created_at: input.now,
      });
      return refund.status === 'succeeded'
        ? { status: 'succeeded', refundId: refund.id }
        : { status: 'failed', refundId: refund.id, message: refund.failure_message ?? REFUND_FAILED };
    },
  };
}

/** An intent with nothing to charge now (a subscription's trial) only saves the card, as a setup. */
function toCardContext(record: PaymentIntentRecord): CardContext {
  return {
    provider: 'test',
    client_secret: record.clientSecret,
    intent_type: BigInt(record.intent.amount) === 0n ? 'setup_intent' : 'payment_intent',
    status: record.intent.status,
    publishable_key: null,
  };
}

/** Without a card provider's keys, nothing real can be charged. */
export const LIVE_PAYMENT_REFUSED = new AppError(
  'PAYMENT_METHOD_UNAVAILABLE',
  'The test card network only takes test-mode payments',
);

const REFUND_FAILED = 'The card issuer did not accept the refund.';

const DECLINED: PaymentError = { code: 'card_declined', message: 'Your card was declined.' };
const EXPIRED: PaymentError = { code: 'expired_card', message: 'Your card has expired.' };
/** The payer failed the extra authentication step 3155 asks for. */
export const AUTHENTICATION_FAILED: PaymentError = {
  code: 'card_authentication_failed',
  message: 'We are unable to authenticate your payment method.',
};

/** A card as the payer types it on the checkout page. */
export type PresentedCard = z.output<typeof testCardConfirmBodySchema>['card'];

/** What the network answers a card the payer presents; `digits` is the number without spaces. */
export type PresentedCardAnswer = { digits: string; card: CardDetails } & (
  | { status: 'succeeded' }
  | { status: 'requires_authentication' }
  | { status: 'declined'; error: PaymentError }
);

/**
 * The network's answer to a card the payer presents for `amount` (a mistyped number is
 * VALIDATION_FAILED). An amount of 0 (a trial) only saves the card: 0341 attaches then, though
 * it declines every charge.
 */
export function answerPresentedCard(input: {
  card: PresentedCard;
  amount: bigint;
  now: number;
}): PresentedCardAnswer {
  const digits = input.card.number.replaceAll(' ', '');
  if (!isLuhnValid(digits)) {
    throw new AppError('VALIDATION_FAILED', 'Validate failed', [{ path: 'card.number', message: 'Invalid' }]);
  }
  const presented = { digits, card: { brand: cardBrand(digits), last4: digits.slice(-4) } };
  const declined = (error: PaymentError) => ({ ...presented, status: 'declined' as const, error });
  if (isCardExpired(input.card, input.now)) return declined(EXPIRED);
  switch (digits) {
    case TEST_CARDS.succeeds:
    case TEST_CARDS.refundFails:
      return { ...presented, status: 'succeeded' };
    case TEST_CARDS.declinesAfterAttaching:
      return input.amount === 0n ? { ...presented, status: 'succeeded' } : declined(DECLINED);
    case TEST_CARDS.requiresAuthentication:
      return { ...presented, status: 'requires_authentication' };
    default:
      return declined(DECLINED);
  }
}

export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(digits) || /^2[2-7]/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'unknown';
}

/** A card is good through the last day of its expiry month. */
export function isCardExpired(card: { exp_month: number; exp_year: number }, nowSeconds: number): boolean {
  const now = new Date(nowSeconds * 1000);
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return card.exp_year * 12 + (card.exp_month - 1) < current;
}
