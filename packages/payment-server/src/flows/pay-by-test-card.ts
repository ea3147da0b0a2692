import type {
  TestCardResult,
  testCardAuthenticateBodySchema,
  testCardConfirmBodySchema,
} from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import type { z } from 'zod';
import type { PaymentDeps } from '../deps.ts';
import {
  getPaymentIntent,
  isSecretMatching,
  PAYABLE_STATUSES,
  requireIntentAction,
  type CardDetails,
  type PaymentError,
  type PaymentIntentRecord,
} from '../modules/payment-intents/service.ts';
import { findMethodRow } from '../modules/payment-methods/repository.ts';
import type { SavedCard } from '../providers/card-network.ts';
import { toStripeMethod } from '../providers/stripe/client.ts';
import {
  answerPresentedCard,
  AUTHENTICATION_FAILED,
  LIVE_PAYMENT_REFUSED,
  saveTestCard,
} from '../providers/test-card-network.ts';
import { failPayment } from './fail-payment.ts';
import { getPaymentPurpose, isCardKept, settlePayment, type PaymentPurpose } from './settle-payment.ts';

type ConfirmBody = z.output<typeof testCardConfirmBodySchema>;
type AuthenticateBody = z.output<typeof testCardAuthenticateBodySchema>;

/** The intent the payer confirms, read once for the whole confirmation. */
async function getTestIntent(
  deps: PaymentDeps,
  id: string,
  clientSecret: string,
): Promise<PaymentIntentRecord> {
  const record = await getPaymentIntent(deps.db, id);
  if (!isSecretMatching(record.clientSecret, clientSecret)) {
    throw new AppError('NOT_FOUND', `No such payment intent: ${id}`);
  }
  if (record.intent.livemode) throw LIVE_PAYMENT_REFUSED;
  // A method with Stripe keys takes cards only through Stripe, even in test mode.
  const method = await findMethodRow(deps.db, record.intent.payment_method_id);
  if (method && toStripeMethod(method)) {
    throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 'This payment method takes cards through Stripe');
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

/** The network's approval, handed to the settlement of what the intent pays for. */
async function settle(
  deps: PaymentDeps,
  input: {
    record: PaymentIntentRecord;
    purpose: PaymentPurpose;
    card: CardDetails | null;
    savedCard: SavedCard | null;
  },
): Promise<TestCardResult> {
  const paymentIntent = await settlePayment(deps, {
    intent: input.record.intent,
    purpose: input.purpose,
    details: input.card,
    savedCard: input.savedCard,
    payerAddress: null,
  });
  return { paymentIntent, next_action: null };
}

/**
 * `POST /test-card/payment-intents/{id}/confirm`. Confirming an intent that already succeeded
 * answers it as it is, so a double click or a retried request never charges twice. A card that
 * pays for something charged again later (a subscription, a card setup) is kept at the network.
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
  const answer = answerPresentedCard({
    card: input.body.card,
    amount: BigInt(intent.amount),
    now: deps.clock.now(),
  });
  if (answer.status === 'declined') return decline(deps, intent.id, answer.error, answer.card);

  const purpose = await getPaymentPurpose(deps.db, { record, transaction: null });
  const savedCard =
    intent.customer_id && isCardKept(purpose)
      ? await saveTestCard(deps.db, {
          customerId: intent.customer_id,
          digits: answer.digits,
          exp_month: input.body.card.exp_month,
          exp_year: input.body.card.exp_year,
          now: deps.clock.now(),
        })
      : null;
  if (answer.status === 'requires_authentication') {
    const waiting = await requireIntentAction(deps, { id: intent.id, card: answer.card, savedCard });
    if (!waiting) {
      throw new AppError('PAYMENT_INTENT_UNEXPECTED_STATE', 'This payment intent changed meanwhile');
    }
    return { paymentIntent: waiting, next_action: { type: 'authenticate' } };
  }
  return settle(deps, { record, purpose, card: answer.card, savedCard });
}

/** `POST /test-card/payment-intents/{id}/authenticate`: the payer's answer to the extra step. */
export async function authenticateTestCard(
  deps: PaymentDeps,
  input: { paymentIntentId: string; body: AuthenticateBody },
): Promise<TestCardResult> {
  const record = await getTestIntent(deps, input.paymentIntentId, input.body.client_secret);
  const { intent, savedCard } = record;
  if (intent.status === 'succeeded') return { paymentIntent: intent, next_action: null };
  if (intent.status !== 'requires_action') {
    throw new AppError('PAYMENT_INTENT_UNEXPECTED_STATE', `This payment intent is ${intent.status}`);
  }
  if (input.body.outcome === 'fail') return decline(deps, intent.id, AUTHENTICATION_FAILED, null);
  const purpose = await getPaymentPurpose(deps.db, { record, transaction: null });
  return settle(deps, { record, purpose, card: null, savedCard });
}
