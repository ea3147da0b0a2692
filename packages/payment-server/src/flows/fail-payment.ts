import type { PaymentIntent } from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import type { PaymentDeps } from '../deps.ts';
import { recordEvents } from '../modules/events/service.ts';
import { releaseInvoiceLease } from '../modules/invoices/repository.ts';
import { customerNow } from '../modules/test-clocks/service.ts';
import {
  failPaymentIntent,
  getPaymentIntent,
  type CardDetails,
  type PaymentError,
} from '../modules/payment-intents/service.ts';

/**
 * A card attempt failed: the intent waits for another card and the failure is announced. The
 * stock taken at submit stays with the session, so the payer's retry cannot find it sold out.
 * A payer who failed to pay an invoice gives up its lease, so the engine may collect it again.
 */
export async function failPayment(
  deps: PaymentDeps,
  input: { paymentIntentId: string; error: PaymentError; card: CardDetails | null },
): Promise<PaymentIntent> {
  await deps.db.transaction().execute(async (trx) => {
    const tx = { ...deps, db: trx };
    const { intent } = await getPaymentIntent(trx, input.paymentIntentId);
    const now = await customerNow(trx, deps.clock, intent.customer_id);
    if (!(await failPaymentIntent(tx, { id: intent.id, error: input.error, card: input.card }))) {
      throw new AppError('PAYMENT_INTENT_UNEXPECTED_STATE', `This payment intent is ${intent.status}`);
    }
    if (intent.invoice_id) await releaseInvoiceLease(trx, { id: intent.invoice_id, holder: 'payer' });
    await recordEvents(trx, {
      now,
      livemode: intent.livemode,
      payloads: [
        {
          type: 'payment_intent.payment_failed',
          data: { id: intent.id, customer_id: intent.customer_id, code: input.error.code },
        },
      ],
    });
  });
  await deps.flushEvents();
  return (await getPaymentIntent(deps.db, input.paymentIntentId)).intent;
}
