import type { PayInvoiceResponse, PaymentIntent } from '@bazaar/schemas';
import { AppError, notFound } from '@bazaar/server-kit';
import { fromFlag } from '../db/json.ts';
import type { PaymentDeps } from '../deps.ts';
import { getCustomer } from '../modules/customers/service.ts';
import { recordEvents } from '../modules/events/service.ts';
import {
  collectionLeaseHolder,
  findInvoiceRow,
  leaseInvoiceRow,
  lockInvoiceRow,
} from '../modules/invoices/repository.ts';
import {
  getPaymentIntent,
  PAYABLE_STATUSES,
  succeedPaymentIntent,
  type PaymentDetails,
} from '../modules/payment-intents/service.ts';
import { getCurrency, resolvePaymentChoice } from '../modules/payment-methods/service.ts';
import { getSubscriptionRow } from '../modules/subscriptions/service.ts';
import { ensureInvoiceIntent } from './invoice-intent.ts';
import { customerNow } from '../modules/test-clocks/service.ts';
import { settleInvoice } from './settle-invoice.ts';

/** Invoice states a customer may still pay (billing design: uncollectible can still be paid). */
const PAYABLE_INVOICE_STATUSES: readonly string[] = ['open', 'uncollectible'];

/** How long the invoice page keeps the engine off the saved card while the payer pays. */
export const PAYER_LEASE_SECONDS = 15 * 60;

/** The payer's answer while the engine's charge of the saved card is in flight. */
export const INVOICE_BEING_COLLECTED =
  'This invoice is being collected right now; please try again in a minute';

/**
 * `POST /invoices/{id}/pay`: the card payment of one of the payer's open or uncollectible
 * invoices, confirmed on the card network like a checkout's card step. It is the invoice's one
 * intent, the same that renewal attempts charge, so the invoice can be paid only once. The
 * invoice is leased to the payer for `PAYER_LEASE_SECONDS`, so the engine does not charge the
 * saved card meanwhile; while the engine holds it, the payer is asked to come back.
 */
export async function startInvoicePayment(
  deps: PaymentDeps,
  input: { invoiceId: string; payerDid: string },
): Promise<PayInvoiceResponse> {
  const invoice = await findInvoiceRow(deps.db, input.invoiceId);
  if (!invoice) throw notFound('invoice', input.invoiceId);
  const customer = await getCustomer(deps.db, invoice.customer_id);
  // A draft is the admin's until it is finalized: to the payer it does not exist yet.
  if (customer.did !== input.payerDid || invoice.status === 'draft')
    throw notFound('invoice', input.invoiceId);
  if (!PAYABLE_INVOICE_STATUSES.includes(invoice.status)) {
    throw new AppError('INVOICE_UNEXPECTED_STATE', `This invoice is ${invoice.status}`);
  }
  const currency = await getCurrency(deps.db, invoice.currency_id);
  const catalogue = await deps.catalogue.read(deps.db);
  const { method } = resolvePaymentChoice(await catalogue.paymentMethods(fromFlag(invoice.livemode)), {
    methodId: currency.payment_method_id,
    currencyId: currency.id,
  });
  if (method.type !== 'stripe') {
    throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 'This payment method is not supported');
  }

  const now = await customerNow(deps.db, deps.clock, invoice.customer_id);
  const leased = await leaseInvoiceRow(deps.db, {
    id: invoice.id,
    holder: 'payer',
    now,
    until: now + PAYER_LEASE_SECONDS,
    statuses: PAYABLE_INVOICE_STATUSES,
  });
  if (!leased) {
    const current = await findInvoiceRow(deps.db, invoice.id);
    const status = current?.status ?? 'missing';
    throw new AppError(
      'INVOICE_UNEXPECTED_STATE',
      PAYABLE_INVOICE_STATUSES.includes(status) ? INVOICE_BEING_COLLECTED : `This invoice is ${status}`,
    );
  }

  const subscription = invoice.subscription_id
    ? await getSubscriptionRow(deps.db, invoice.subscription_id)
    : null;
  const row = await ensureInvoiceIntent(deps.db, {
    // An invoice that names no method is paid with the card method of its currency.
    invoice: { ...invoice, payment_method_id: invoice.payment_method_id ?? method.id },
    subscription,
    now,
  });
  const record = await getPaymentIntent(deps.db, row.id);
  if (!PAYABLE_STATUSES.includes(record.intent.status)) {
    throw new AppError('PAYMENT_INTENT_UNEXPECTED_STATE', `This payment intent is ${record.intent.status}`);
  }
  return {
    paymentIntent: record.intent,
    stripeContext: await deps.cards.prepareIntent({ record, keepCard: false, now }),
  };
}

/**
 * The payer paid an invoice (by card on the invoice page, or by chain from the overdue dialog): the intent, the paid invoice, the
 * subscription back to active and the events commit together. Running it again for a paid
 * intent changes nothing; an invoice that was settled another way meanwhile (a renewal retry)
 * refuses the payment, so it is never paid twice, and so does one whose saved card the engine
 * is charging right now (the payer's lease ran out and the engine took it): the invoice row is
 * locked while this is decided, so the engine cannot claim it in between. The intent comes as
 * the caller read it.
 */
export async function payInvoice(
  deps: PaymentDeps,
  input: { intent: PaymentIntent; details: PaymentDetails | null },
): Promise<PaymentIntent> {
  const { intent } = input;
  const invoiceId = intent.invoice_id;
  if (!invoiceId) {
    throw new AppError('PAYMENT_INTENT_UNEXPECTED_STATE', 'This payment intent does not pay an invoice');
  }

  const now = await customerNow(deps.db, deps.clock, intent.customer_id);
  const paid = await deps.db.transaction().execute(async (trx) => {
    const invoice = await lockInvoiceRow(trx, invoiceId);
    if (invoice && collectionLeaseHolder(invoice, now) === 'engine') {
      throw new AppError('INVOICE_UNEXPECTED_STATE', INVOICE_BEING_COLLECTED);
    }
    const succeeded = await succeedPaymentIntent(
      { ...deps, db: trx },
      { id: intent.id, invoiceId, details: input.details },
    );
    if (!succeeded) {
      const { intent: current } = await getPaymentIntent(trx, intent.id);
      if (current.status === 'succeeded') return current;
      throw new AppError('PAYMENT_INTENT_UNEXPECTED_STATE', `This payment intent is ${current.status}`);
    }
    await recordEvents(trx, {
      now,
      livemode: intent.livemode,
      payloads: [
        { type: 'payment_intent.succeeded', data: { id: intent.id, customer_id: intent.customer_id } },
      ],
    });
    if (!(await settleInvoice(trx, { invoiceId, paymentIntentId: intent.id, now }))) {
      const invoice = await findInvoiceRow(trx, invoiceId);
      throw new AppError('INVOICE_UNEXPECTED_STATE', `This invoice is ${invoice?.status ?? 'missing'}`);
    }
    return succeeded;
  });

  await deps.flushEvents();
  return paid;
}
