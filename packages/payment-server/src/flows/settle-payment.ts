import type { PaymentIntent } from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import type { PaymentDb } from '../db/tables.ts';
import type { PaymentDeps } from '../deps.ts';
import { parseInvoiceAttemptKey } from '../modules/chain-payments/attempt-keys.ts';
import type { ChainTransactionRow } from '../modules/chain-payments/repository.ts';
import type { CheckoutSessionRow } from '../modules/checkout-sessions/repository.ts';
import { getSessionRow } from '../modules/checkout-sessions/service.ts';
import {
  getPaymentIntent,
  type PaymentDetails,
  type PaymentIntentRecord,
} from '../modules/payment-intents/service.ts';
import { findCardSetupSubscription } from '../modules/subscriptions/change-payment-method.ts';
import type { SavedCard } from '../providers/card-network.ts';
import { recordPullOutcome } from './record-collection-attempts.ts';
import { completeCardSetup } from './complete-card-setup.ts';
import { completeCheckout } from './complete-checkout.ts';
import { payInvoice } from './pay-invoice.ts';

/**
 * What a payment on an intent pays for: a checkout (with the session, as read), a subscription's
 * new card, a renewal attempt the engine made by pulling from the payer's allowance, or an
 * invoice the payer paid. A plan change is paid as its `subscription_update` invoice: settling
 * that invoice makes the switch (`settleInvoice`), however it was paid.
 */
export type PaymentPurpose =
  | { kind: 'checkout'; session: CheckoutSessionRow }
  | { kind: 'card_setup'; subscriptionId: string }
  | { kind: 'renewal'; pull: ChainTransactionRow }
  | { kind: 'invoice' };

/**
 * What a payment on `record`'s intent pays for. `transaction` is the chain transaction that paid
 * it (null for a card): the engine's pull for a renewal attempt counts as that attempt, while the
 * payer's own payment of the same invoice pays it outright.
 */
export async function getPaymentPurpose(
  db: PaymentDb,
  input: { record: PaymentIntentRecord; transaction: ChainTransactionRow | null },
): Promise<PaymentPurpose> {
  const { record, transaction } = input;
  if (record.checkoutSessionId) {
    return { kind: 'checkout', session: await getSessionRow(db, record.checkoutSessionId) };
  }
  if (transaction && parseInvoiceAttemptKey(transaction.attempt_key)) {
    return { kind: 'renewal', pull: transaction };
  }
  if (record.intent.invoice_id) return { kind: 'invoice' };
  const subscriptionId = await findCardSetupSubscription(db, record.intent.id);
  if (subscriptionId) return { kind: 'card_setup', subscriptionId };
  throw new AppError('PAYMENT_INTENT_UNEXPECTED_STATE', 'This payment intent does not pay an invoice');
}

/** Whether what the card pays for charges it again later, so the network should keep it. */
export function isCardKept(purpose: PaymentPurpose): boolean {
  return (
    purpose.kind === 'card_setup' || (purpose.kind === 'checkout' && purpose.session.mode === 'subscription')
  );
}

/** A payment a provider saw go through, with what it pays for. */
export interface SucceededPayment {
  /** The intent as the provider read it; nothing downstream reads it again. */
  intent: PaymentIntent;
  purpose: PaymentPurpose;
  /** How it was paid, as the intent shows it: the card, or the chain transaction. */
  details: PaymentDetails | null;
  /** The card the network kept for later charges (see `isCardKept`). */
  savedCard: SavedCard | null;
  /** Chain payments: the wallet a subscription's renewals pull from. */
  payerAddress: string | null;
}

/**
 * The one way money settles: every provider (the test card network, the chain confirmer, and any
 * added later) hands a payment that went through to this, and what it pays for completes in
 * its own transaction with its events. Answers the intent as it now stands.
 */
export async function settlePayment(deps: PaymentDeps, payment: SucceededPayment): Promise<PaymentIntent> {
  const { intent, purpose, details } = payment;
  switch (purpose.kind) {
    case 'checkout':
      return completeCheckout(deps, {
        intent,
        session: purpose.session,
        details,
        savedCard: payment.savedCard,
        payerAddress: payment.payerAddress,
      });
    case 'card_setup':
      return completeCardSetup(deps, {
        intent,
        subscriptionId: purpose.subscriptionId,
        savedCard: payment.savedCard,
      });
    case 'renewal':
      await recordPullOutcome(deps, {
        pull: purpose.pull,
        outcome: { status: 'succeeded', chargeId: purpose.pull.tx_hash },
        paymentDetails: details,
      });
      // The engine records an attempt for a whole batch, answering none of its intents.
      return (await getPaymentIntent(deps.db, intent.id)).intent;
    case 'invoice':
      return payInvoice(deps, { intent, details });
  }
}
