import {
  invoiceSchema,
  type AdminPayment,
  type PaymentChain,
  type PaymentIntent,
  type PaymentProvider,
} from '@bazaar/schemas';
import { notFound } from '@bazaar/server-kit';
import { fromFlag } from '../db/json.ts';
import type { PaymentDb } from '../db/tables.ts';
import { findLatestPayingChainTransaction } from '../modules/chain-payments/repository.ts';
import { chainOf, isChainMethod } from '../modules/chain-payments/service.ts';
import { findInvoiceRow } from '../modules/invoices/repository.ts';
import { findPaymentIntentRow, type PaymentIntentRow } from '../modules/payment-intents/repository.ts';
import { toListedPayments } from '../modules/payment-intents/service.ts';
import { findMethodRow, type PaymentMethodRow } from '../modules/payment-methods/repository.ts';
import { listPaymentRefunds, refundStanding } from '../modules/refunds/service.ts';
import { findStripeIntentRow } from '../providers/stripe/repository.ts';

/**
 * `GET /payment-intents/{id}` (admins): one payment of this mode (another mode's is NOT_FOUND, as
 * test and live data never mix) with whom and what it paid, where the money went through (Stripe's
 * payment, or the chain transaction) and its refunds, with what is left to refund.
 */
export async function getAdminPayment(
  db: PaymentDb,
  input: { id: string; livemode: boolean },
): Promise<AdminPayment> {
  const row = await findPaymentIntentRow(db, input.id);
  if (!row || fromFlag(row.livemode) !== input.livemode) throw notFound('payment intent', input.id);
  const method = (await findMethodRow(db, row.payment_method_id))!;
  const [payment] = await toListedPayments(db, [row]);
  const [refunds, invoice, provider, chain] = await Promise.all([
    listPaymentRefunds(db, [row.id]).then((byPayment) => byPayment.get(row.id) ?? []),
    row.invoice_id ? findInvoiceRow(db, row.invoice_id) : undefined,
    findProvider(db, row, method),
    findChain(db, payment!, method),
  ]);
  const standing = refundStanding(payment!, refunds);
  return {
    ...payment!,
    invoice: invoice
      ? { id: invoice.id, number: invoice.number, status: invoiceSchema.shape.status.parse(invoice.status) }
      : null,
    checkout_session_id: row.checkout_session_id,
    provider,
    chain,
    amount_refunded: standing.refunded.toString(),
    amount_refundable: standing.refundable.toString(),
    refunds,
  };
}

/** Stripe's payment intent behind a card payment Stripe took; the test card network keeps none. */
async function findProvider(
  db: PaymentDb,
  row: PaymentIntentRow,
  method: PaymentMethodRow,
): Promise<PaymentProvider | null> {
  if (method.type !== 'stripe') return null;
  const stripe = await findStripeIntentRow(db, row.id);
  if (stripe?.kind !== 'payment_intent') return null;
  const mode = fromFlag(row.livemode) ? '' : 'test/';
  return {
    name: 'stripe',
    payment_intent_id: stripe.stripe_id,
    dashboard_url: `https://dashboard.stripe.com/${mode}payments/${encodeURIComponent(stripe.stripe_id)}`,
  };
}

/**
 * The chain of a chain payment, and its transaction: the one that paid it once settled (kept in
 * its payment details), else the latest the payer sent or the vault pulled, still being mined.
 */
async function findChain(
  db: PaymentDb,
  payment: Pick<PaymentIntent, 'id' | 'payment_details'>,
  method: PaymentMethodRow,
): Promise<PaymentChain | null> {
  if (!isChainMethod(method)) return null;
  const { chainId, explorerHost } = chainOf(method);
  const settled = payment.payment_details;
  const paid =
    settled && 'tx_hash' in settled
      ? { tx_hash: settled.tx_hash, payer: settled.payer }
      : await findLatestPayingChainTransaction(db, payment.id).then(
          (sent) => sent && { tx_hash: sent.tx_hash, payer: sent.from_address },
        );
  return {
    chain_id: chainId,
    explorer_host: explorerHost,
    tx_hash: paid?.tx_hash ?? null,
    payer: paid?.payer ?? null,
  };
}
