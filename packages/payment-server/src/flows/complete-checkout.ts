import { newId, type PaymentIntent } from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import type { PaymentDeps } from '../deps.ts';
import {
  findSessionRow,
  lockOpenSession,
  markSessionPaid,
  priceSessionRow,
  sessionClosedError,
} from '../modules/checkout-sessions/service.ts';
import { recordEvents } from '../modules/events/service.ts';
import { createInvoice } from '../modules/invoices/service.ts';
import {
  getPaymentIntent,
  succeedPaymentIntent,
  type CardDetails,
} from '../modules/payment-intents/service.ts';

/**
 * A card payment went through: the intent, its session, a paid invoice and the events commit
 * together or not at all, so a subscriber never hears of a payment the database doesn't hold.
 * Stock was taken at submit. Running it again for a paid intent changes nothing.
 */
export async function completeCheckout(
  deps: PaymentDeps,
  input: { paymentIntentId: string; card: CardDetails | null },
): Promise<PaymentIntent> {
  const { checkoutSessionId } = await getPaymentIntent(deps.db, input.paymentIntentId);
  if (!checkoutSessionId) {
    throw new AppError(
      'PAYMENT_INTENT_UNEXPECTED_STATE',
      'This payment intent does not pay a checkout session',
    );
  }

  await deps.db.transaction().execute(async (trx) => {
    const tx = { ...deps, db: trx };
    const now = deps.clock.now();
    // Lock order session → intent → customer, the same as submit, so the two never deadlock.
    if (!(await lockOpenSession(trx, checkoutSessionId, now))) {
      const { intent } = await getPaymentIntent(trx, input.paymentIntentId);
      if (intent.status === 'succeeded') return;
      const closed = sessionClosedError(await findSessionRow(trx, checkoutSessionId), now);
      throw (
        closed ?? new AppError('PAYMENT_INTENT_UNEXPECTED_STATE', `This payment intent is ${intent.status}`)
      );
    }
    const { intent } = await getPaymentIntent(trx, input.paymentIntentId);
    const invoiceId = newId('invoice');
    const isNewlyPaid = await succeedPaymentIntent(tx, {
      id: intent.id,
      amount: intent.amount,
      invoiceId,
      card: input.card,
    });
    if (!isNewlyPaid) return;
    const customerId = intent.customer_id;
    if (!customerId)
      throw new AppError('PAYMENT_INTENT_UNEXPECTED_STATE', 'This payment intent has no customer');

    const session = await findSessionRow(trx, checkoutSessionId);
    const { lineItems } = await priceSessionRow(trx, session, now);
    const products = lineItems.map((item) => (item.upsell_price ?? item.price).product.name);
    await createInvoice(trx, {
      id: invoiceId,
      status: 'paid',
      billingReason: 'manual',
      customerId,
      currencyId: session.currency_id,
      livemode: intent.livemode,
      checkoutSessionId,
      paymentIntentId: intent.id,
      paymentMethodId: intent.payment_method_id,
      description: products.join(', '),
      lines: lineItems.map((item, index) => ({
        description: products[index]!,
        priceId: item.upsell_price_id ?? item.price_id,
        quantity: item.quantity,
        unitAmount: (BigInt(item.amount_subtotal) / BigInt(item.quantity)).toString(),
        amount: item.amount_subtotal,
      })),
      now,
    });
    await markSessionPaid(trx, checkoutSessionId, { invoiceId, now });

    await recordEvents(trx, deps.clock, {
      livemode: intent.livemode,
      payloads: [
        { type: 'payment_intent.succeeded', data: { id: intent.id, customer_id: customerId } },
        {
          type: 'checkout.session.completed',
          data: {
            id: checkoutSessionId,
            customer_id: customerId,
            invoice_id: invoiceId,
            subscription_id: null,
            payment_status: 'paid',
          },
        },
        { type: 'invoice.paid', data: { id: invoiceId, customer_id: customerId, subscription_id: null } },
      ],
    });
  });

  await deps.flushEvents();
  return (await getPaymentIntent(deps.db, input.paymentIntentId)).intent;
}
