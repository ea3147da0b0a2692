import {
  newId,
  randomToken,
  subscriptionSchema,
  type CardSetupResponse,
  type SessionUser,
} from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import { z } from 'zod';
import { isEnded } from '../../billing/subscription-status.ts';
import { readJsonOrNull } from '../../db/json.ts';
import type { PaymentDb } from '../../db/tables.ts';
import type { PaymentDeps } from '../../deps.ts';
import type { SavedCard } from '../../providers/card-network.ts';
import type { InvoiceRow } from '../invoices/repository.ts';
import { insertPaymentIntentRows } from '../payment-intents/repository.ts';
import { getPaymentIntent } from '../payment-intents/service.ts';
import { getPaymentMethod } from '../payment-methods/service.ts';
import { getSubscriptionForUser, subscriptionNow } from './access.ts';
import { findCardSetupSubscriptionId, insertCardSetupRow } from './repository.ts';

const savedCardJson = z.object({ card_id: z.string(), brand: z.string(), last4: z.string() });

/** The card an open invoice keeps after its subscription's card changed; null: the subscription's. */
export function readInvoiceCard(invoice: Pick<InvoiceRow, 'payment_card'>): SavedCard | null {
  return readJsonOrNull(savedCardJson, invoice.payment_card);
}

/** The subscription whose card a confirmed setup intent replaces; null for other intents. */
export async function findCardSetupSubscription(
  db: PaymentDb,
  paymentIntentId: string,
): Promise<string | null> {
  return (await findCardSetupSubscriptionId(db, paymentIntentId)) ?? null;
}

/**
 * `POST /subscriptions/{id}/payment-method`: a card setup, an intent of 0 the card step confirms
 * like a checkout's. Confirming it saves the card at the network and makes it the card future
 * invoices are charged to; invoices already open keep theirs.
 */
export async function startCardSetup(
  deps: Pick<PaymentDeps, 'db' | 'clock' | 'cards'>,
  input: { id: string; user: SessionUser },
): Promise<CardSetupResponse> {
  const row = await getSubscriptionForUser(deps.db, input);
  const status = subscriptionSchema.shape.status.parse(row.status);
  if (isEnded(status)) {
    throw new AppError(
      'SUBSCRIPTION_UNEXPECTED_STATE',
      `A ${status} subscription has no payment method to change`,
    );
  }
  const method = await getPaymentMethod(deps.db, row.default_payment_method_id);
  if (method.type !== 'stripe') {
    throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 'This payment method is not supported');
  }
  const now = await subscriptionNow(deps, row);
  const id = newId('paymentIntent');
  await deps.db.transaction().execute(async (trx) => {
    await insertPaymentIntentRows(trx, [
      {
        id,
        status: 'requires_payment_method',
        amount: '0',
        amount_received: '0',
        currency_id: row.currency_id,
        payment_method_id: row.default_payment_method_id,
        customer_id: row.customer_id,
        invoice_id: null,
        checkout_session_id: null,
        client_secret: `${id}_secret_${randomToken()}`,
        livemode: row.livemode,
        last_payment_error: null,
        payment_details: null,
        created_at: now,
        updated_at: now,
      },
    ]);
    await insertCardSetupRow(trx, { payment_intent_id: id, subscription_id: row.id, created_at: now });
  });
  const record = await getPaymentIntent(deps.db, id);
  return {
    paymentIntent: record.intent,
    stripeContext: await deps.cards.prepareIntent({ record, keepCard: true, now }),
  };
}
