import { newId, type EventPayload, type LineItem, type PaymentIntent } from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import type { Period } from '../billing/index.ts';
import type { PaymentDeps } from '../deps.ts';
import { chargedPrice } from '../modules/checkout-sessions/line-items.ts';
import type { CheckoutSessionRow } from '../modules/checkout-sessions/repository.ts';
import { lockOpenSession, markSessionPaid, priceSessionRow } from '../modules/checkout-sessions/service.ts';
import { reserveLines } from '../modules/checkout-sessions/stock.ts';
import { fromFlag } from '../db/json.ts';
import { recordSupporter } from '../modules/donations/service.ts';
import { recordEvents } from '../modules/events/service.ts';
import { createInvoice, type NewInvoiceLine } from '../modules/invoices/service.ts';
import {
  getPaymentIntent,
  succeedPaymentIntent,
  type PaymentDetails,
} from '../modules/payment-intents/service.ts';
import type { CheckoutTotals } from '../pricing/index.ts';
import type { SavedCard } from '../providers/card-network.ts';
import { startSubscription, type StartedSubscription } from './start-subscription.ts';

/**
 * A card or chain payment went through: the intent, its session, a paid invoice, the subscription a
 * subscription checkout starts and the events commit together or not at all, so a subscriber
 * never hears of a payment the database doesn't hold. Stock was taken at submit (and is taken
 * again here if its hold lapsed). Running it again for a paid intent changes nothing.
 * `savedCard` is the card the network kept for renewals. The intent and the session come as the
 * caller read them; the session is locked and the intent moved on here, each in one statement
 * that answers the row as it now stands, so neither is read again.
 */
export async function completeCheckout(
  deps: PaymentDeps,
  input: {
    intent: PaymentIntent;
    session: Pick<CheckoutSessionRow, 'id'>;
    details: PaymentDetails | null;
    savedCard: SavedCard | null;
    /** Chain payments: the wallet a subscription's renewals pull from. */
    payerAddress: string | null;
  },
): Promise<PaymentIntent> {
  const checkoutSessionId = input.session.id;
  const completed = await deps.db.transaction().execute(async (trx) => {
    const tx = { ...deps, db: trx };
    const now = deps.clock.now();
    // Lock order session → intent → customer, the same as submit, so the two never deadlock.
    const session = await lockOpenSession(trx, { id: checkoutSessionId, now, isPaid: true }).catch(
      async (error: unknown) => {
        // Completed before (a repeated confirm, or the watcher and the payer at once): nothing to do.
        if ((await getPaymentIntent(trx, input.intent.id)).intent.status === 'succeeded') return null;
        throw error;
      },
    );
    if (!session) return null;
    const invoiceId = newId('invoice');
    const intent = await succeedPaymentIntent(tx, { id: input.intent.id, invoiceId, details: input.details });
    if (!intent) return null;
    const customerId = intent.customer_id;
    if (!customerId)
      throw new AppError('PAYMENT_INTENT_UNEXPECTED_STATE', 'This payment intent has no customer');

    // Stock is held for a while after submit; a payment that comes after the hold lapsed takes
    // the units again, or is refused (and nothing is written) when others bought them meanwhile.
    const { lineItems, totals } = await priceSessionRow(await deps.catalogue.read(trx), session, now);
    if (!fromFlag(session.inventory_reserved) && !(await reserveLines(trx, lineItems))) {
      throw new AppError('quantityNotEnough', 'Exceed inventory');
    }
    assertChargedAsSubmitted(totals, intent);
    const subscription =
      session.mode === 'subscription'
        ? await startSubscription(tx, {
            session,
            lineItems,
            totals,
            intent,
            customerId,
            savedCard: input.savedCard,
            payerAddress: input.payerAddress,
            invoiceId,
            now,
          })
        : null;
    const paymentStatus = totals.amountDueNow === 0n ? 'no_payment_required' : 'paid';
    const lines = invoiceLines(lineItems, totals, subscription?.period ?? null);
    await createInvoice(trx, {
      id: invoiceId,
      status: 'paid',
      billingReason: subscription ? 'subscription_create' : 'manual',
      customerId,
      currencyId: session.currency_id,
      livemode: intent.livemode,
      checkoutSessionId,
      subscriptionId: subscription?.id ?? null,
      periodStart: subscription?.period.start ?? null,
      periodEnd: subscription?.period.end ?? null,
      testClockId: subscription?.testClockId ?? null,
      paymentIntentId: intent.id,
      paymentMethodId: intent.payment_method_id,
      description: lines.map((line) => line.description).join(', '),
      lines,
      now: subscription?.period.start ?? now,
    });
    await markSessionPaid(trx, checkoutSessionId, {
      invoiceId,
      subscriptionId: subscription?.id ?? null,
      paymentStatus,
      now,
    });
    await recordEvents(trx, {
      now,
      livemode: intent.livemode,
      payloads: completionEvents({
        intent,
        customerId,
        checkoutSessionId,
        invoiceId,
        subscription,
        paymentStatus,
      }),
    });
    // After the completion's events, so a donation's new totals are announced after the payment.
    if (session.submit_type === 'donate' && session.payment_link_id) {
      await recordSupporter(trx, {
        paymentLinkId: session.payment_link_id,
        customerId,
        amount: intent.amount,
        display: session.supporter_display,
        paymentIntentId: intent.id,
        invoiceId,
        now,
      });
    }
    return intent;
  });

  await deps.flushEvents();
  return completed ?? (await getPaymentIntent(deps.db, input.intent.id)).intent;
}

/** The invoice must say what the card was charged; a session repriced since submit is refused. */
function assertChargedAsSubmitted(totals: CheckoutTotals, intent: PaymentIntent): void {
  if (totals.amountDueNow.toString() !== intent.amount) {
    throw new AppError(
      'PAYMENT_INTENT_UNEXPECTED_STATE',
      'The checkout changed since it was submitted; please submit it again',
    );
  }
}

/**
 * One line per line billed now. Subscription lines name the period they pay for (during a trial
 * at no charge); metered lines are billed from usage when the period ends, so not here.
 */
function invoiceLines(
  lineItems: readonly LineItem[],
  totals: CheckoutTotals,
  period: Period | null,
): NewInvoiceLine[] {
  return lineItems.flatMap((item, index) => {
    const total = totals.lines[index]!;
    if (total.isMetered) return [];
    const price = chargedPrice(item);
    const amount = total.isDueNow ? total.amount : 0n;
    const linePeriod = price.type === 'recurring' ? period : null;
    return [
      {
        description: price.product.name,
        priceId: price.id,
        quantity: item.quantity,
        unitAmount: (amount / BigInt(item.quantity)).toString(),
        amount: amount.toString(),
        periodStart: linePeriod?.start ?? null,
        periodEnd: linePeriod?.end ?? null,
      },
    ];
  });
}

function completionEvents(input: {
  intent: PaymentIntent;
  customerId: string;
  checkoutSessionId: string;
  invoiceId: string;
  subscription: StartedSubscription | null;
  paymentStatus: string;
}): EventPayload[] {
  const { customerId, subscription } = input;
  const subscriptionId = subscription?.id ?? null;
  return [
    { type: 'payment_intent.succeeded', data: { id: input.intent.id, customer_id: customerId } },
    ...(subscription
      ? [
          {
            type: 'customer.subscription.created' as const,
            data: { id: subscription.id, customer_id: customerId, status: subscription.status },
          },
        ]
      : []),
    {
      type: 'checkout.session.completed',
      data: {
        id: input.checkoutSessionId,
        customer_id: customerId,
        invoice_id: input.invoiceId,
        subscription_id: subscriptionId,
        payment_status: input.paymentStatus,
      },
    },
    {
      type: 'invoice.paid',
      data: { id: input.invoiceId, customer_id: customerId, subscription_id: subscriptionId },
    },
  ];
}
