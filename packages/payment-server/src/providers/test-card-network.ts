import { createHash, timingSafeEqual } from 'node:crypto';
import type {
  TestCardResult,
  testCardAuthenticateBodySchema,
  testCardConfirmBodySchema,
} from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import type { z } from 'zod';
import { newId } from '@bazaar/schemas';
import type { PaymentDb } from '../db/tables.ts';
import type { PaymentDeps } from '../deps.ts';
import type { CardNetwork, SavedCard } from './card-network.ts';
import { findTestCardRow, insertTestCardRow, recordTestChargeOnce } from './test-card-repository.ts';
import { completeCheckout } from '../flows/complete-checkout.ts';
import { failPayment } from '../flows/fail-payment.ts';
import { completeCardSetup } from '../flows/complete-card-setup.ts';
import { payInvoice } from '../flows/pay-invoice.ts';
import { findCardSetupSubscription } from '../modules/subscriptions/change-payment-method.ts';
import { findSessionRow } from '../modules/checkout-sessions/service.ts';
import {
  getPaymentIntent,
  PAYABLE_STATUSES,
  requireIntentAction,
  type CardDetails,
  type PaymentError,
  type PaymentIntentRecord,
} from '../modules/payment-intents/service.ts';

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

/** The test network's side of renewals: charges saved cards, once per idempotency key. */
export function createTestCardNetwork(db: PaymentDb): CardNetwork {
  return {
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
  };
}

const DECLINED: PaymentError = { code: 'card_declined', message: 'Your card was declined.' };
const EXPIRED: PaymentError = { code: 'expired_card', message: 'Your card has expired.' };
const AUTHENTICATION_FAILED: PaymentError = {
  code: 'card_authentication_failed',
  message: 'We are unable to authenticate your payment method.',
};

type ConfirmBody = z.output<typeof testCardConfirmBodySchema>;
type AuthenticateBody = z.output<typeof testCardAuthenticateBodySchema>;

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

/** Hashing first gives equal lengths, so the comparison takes the same time for any guess. */
function isSecretMatching(expected: string, given: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(expected), digest(given));
}

async function getTestIntent(
  deps: PaymentDeps,
  id: string,
  clientSecret: string,
): Promise<PaymentIntentRecord> {
  const record = await getPaymentIntent(deps.db, id);
  if (!isSecretMatching(record.clientSecret, clientSecret)) {
    throw new AppError('NOT_FOUND', `No such payment intent: ${id}`);
  }
  if (record.intent.livemode) {
    throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 'The test card network only takes test-mode payments');
  }
  return record;
}

async function decline(
  deps: PaymentDeps,
  id: string,
  error: PaymentError,
  card: CardDetails | null,
): Promise<never> {
  await failPayment(deps, { paymentIntentId: id, error, card });
  throw new AppError(
    error.code === AUTHENTICATION_FAILED.code ? 'card_authentication_failed' : 'card_declined',
    error.message,
  );
}

/** A subscription keeps the payer's card at the network for its renewals; a one-time payment does not. */
async function saveCardForSubscription(
  deps: PaymentDeps,
  record: PaymentIntentRecord,
  body: ConfirmBody,
  digits: string,
): Promise<SavedCard | null> {
  const customerId = record.intent.customer_id;
  if (!customerId) return null;
  if (record.checkoutSessionId) {
    const session = await findSessionRow(deps.db, record.checkoutSessionId);
    if (session.mode !== 'subscription') return null;
  } else if (!(await findCardSetupSubscription(deps.db, record.intent.id))) return null;
  return saveTestCard(deps.db, {
    customerId,
    digits,
    exp_month: body.card.exp_month,
    exp_year: body.card.exp_year,
    now: deps.clock.now(),
  });
}

/**
 * A session's intent completes its checkout; a card setup gives its subscription the new card;
 * an intent made for an invoice pays that invoice.
 */
async function complete(
  deps: PaymentDeps,
  input: { paymentIntentId: string; card: CardDetails | null; savedCard: SavedCard | null },
): Promise<TestCardResult> {
  const { checkoutSessionId } = await getPaymentIntent(deps.db, input.paymentIntentId);
  const paymentIntent = checkoutSessionId
    ? await completeCheckout(deps, { ...input, details: input.card })
    : (await findCardSetupSubscription(deps.db, input.paymentIntentId))
      ? await completeCardSetup(deps, input)
      : await payInvoice(deps, { paymentIntentId: input.paymentIntentId, details: input.card });
  return { paymentIntent, next_action: null };
}

/**
 * `POST /test-card/payment-intents/{id}/confirm`. Confirming an intent that already succeeded
 * answers it as it is, so a double click or a retried request never charges twice. An intent of
 * 0 (a trial) only saves the card: 0341 attaches then, though it declines every charge.
 */
export async function confirmTestCard(
  deps: PaymentDeps,
  input: { paymentIntentId: string; body: ConfirmBody },
): Promise<TestCardResult> {
  const record = await getTestIntent(deps, input.paymentIntentId, input.body.client_secret);
  const { intent } = record;
  if (intent.status === 'succeeded') return { paymentIntent: intent, next_action: null };
  if (!PAYABLE_STATUSES.includes(intent.status)) {
    throw new AppError('PAYMENT_INTENT_UNEXPECTED_STATE', `This payment intent is ${intent.status}`);
  }
  const digits = input.body.card.number.replaceAll(' ', '');
  if (!isLuhnValid(digits)) {
    throw new AppError('VALIDATION_FAILED', 'Validate failed', [{ path: 'card.number', message: 'Invalid' }]);
  }
  const card: CardDetails = { brand: cardBrand(digits), last4: digits.slice(-4) };
  if (isCardExpired(input.body.card, deps.clock.now())) return decline(deps, intent.id, EXPIRED, card);
  const isSetup = BigInt(intent.amount) === 0n;
  const saveCard = () => saveCardForSubscription(deps, record, input.body, digits);

  switch (digits) {
    case TEST_CARDS.succeeds:
      return complete(deps, { paymentIntentId: intent.id, card, savedCard: await saveCard() });
    case TEST_CARDS.declinesAfterAttaching:
      if (!isSetup) return decline(deps, intent.id, DECLINED, card);
      return complete(deps, { paymentIntentId: intent.id, card, savedCard: await saveCard() });
    case TEST_CARDS.requiresAuthentication: {
      const savedCard = await saveCard();
      if (!(await requireIntentAction(deps, { id: intent.id, card, savedCard }))) {
        throw new AppError('PAYMENT_INTENT_UNEXPECTED_STATE', 'This payment intent changed meanwhile');
      }
      const { intent: waiting } = await getPaymentIntent(deps.db, intent.id);
      return { paymentIntent: waiting, next_action: { type: 'authenticate' } };
    }
    default:
      return decline(deps, intent.id, DECLINED, card);
  }
}

/** `POST /test-card/payment-intents/{id}/authenticate`: the payer's answer to the extra step. */
export async function authenticateTestCard(
  deps: PaymentDeps,
  input: { paymentIntentId: string; body: AuthenticateBody },
): Promise<TestCardResult> {
  const { intent, savedCard } = await getTestIntent(deps, input.paymentIntentId, input.body.client_secret);
  if (intent.status === 'succeeded') return { paymentIntent: intent, next_action: null };
  if (intent.status !== 'requires_action') {
    throw new AppError('PAYMENT_INTENT_UNEXPECTED_STATE', `This payment intent is ${intent.status}`);
  }
  if (input.body.outcome === 'fail') return decline(deps, intent.id, AUTHENTICATION_FAILED, null);
  return complete(deps, { paymentIntentId: intent.id, card: null, savedCard });
}
