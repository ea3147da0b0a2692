import type { submitCheckoutBodySchema } from '@bazaar/schemas';
import { type CardContext, type SessionUser, type SubmitCheckoutResponse } from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import type { z } from 'zod';
import { fromFlag } from '../../db/json.ts';
import type { PaymentDeps } from '../../deps.ts';
import { saveCustomer } from '../customers/service.ts';
import { prepareSessionIntent, type PaymentIntentRecord } from '../payment-intents/service.ts';
import { resolvePaymentChoice } from '../payment-methods/service.ts';
import { checkStock, getPricesById, takeStock } from '../prices/service.ts';
import { checkContact } from './contact-rules.ts';
import { priceLines } from './line-items.ts';
import { updateOpenSession } from './repository.ts';
import { findSessionRow, sessionClosedError, sessionLines, toCheckoutSession } from './service.ts';

export type SubmitCheckoutInput = z.output<typeof submitCheckoutBodySchema>;

/** Which methods have a provider that can take the payment today. */
const PAYABLE_METHOD_TYPES = new Set(['stripe']);

function stockError(problem: 'quantityNotEnough' | 'quantityLimitPerCheckout'): AppError {
  return problem === 'quantityNotEnough'
    ? new AppError('quantityNotEnough', 'Exceed inventory')
    : new AppError('quantityLimitPerCheckout', 'Exceed purchase limit');
}

/** The test card network stands in for a card provider when no provider keys are configured. */
function toCardContext(record: PaymentIntentRecord): CardContext {
  return {
    provider: 'test',
    client_secret: record.clientSecret,
    intent_type: 'payment_intent',
    status: record.intent.status,
    publishable_key: null,
  };
}

/**
 * `PUT /checkout-sessions/{id}/submit`: checks everything first, then in one transaction saves
 * the customer, takes the stock and readies the payment intent. A refused submit writes nothing.
 * Stock is taken here, before any card is charged, so a payment that succeeds always has its units.
 */
export async function submitCheckout(
  deps: PaymentDeps,
  input: { sessionId: string; body: SubmitCheckoutInput; user: SessionUser | null },
): Promise<SubmitCheckoutResponse> {
  const { body, user } = input;
  const session = await findSessionRow(deps.db, input.sessionId);
  const closed = sessionClosedError(session, deps.clock.now());
  if (closed) throw closed;
  const isDonation = session.submit_type === 'donate';
  if (!user && !isDonation) throw new AppError('UNAUTHENTICATED', 'Login to access this page');
  if (session.mode !== 'payment') {
    throw new AppError('CHECKOUT_MODE_UNSUPPORTED', 'Subscriptions cannot be paid on this install yet');
  }

  const contact = checkContact({
    phone: body.customer_phone,
    isPhoneRequired: fromFlag(session.phone_number_collection),
    address: body.billing_address,
    isAddressRequired: session.billing_address_collection === 'required',
  });
  if (!contact.ok) throw new AppError('VALIDATION_FAILED', 'Validate failed', contact.problems);

  const livemode = fromFlag(session.livemode);
  const choice = await resolvePaymentChoice(deps.db, {
    methodId: body.payment_method,
    currencyId: body.payment_currency,
    livemode,
  });
  if (!PAYABLE_METHOD_TYPES.has(choice.method.type)) {
    throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 'This payment method is not supported');
  }
  const lines = sessionLines(session);
  const prices = await getPricesById(
    deps.db,
    lines.map((line) => line.price_id),
  );
  const { lineItems, subtotal } = priceLines(lines, prices, choice.currency.id);
  const mustTakeStock = !fromFlag(session.inventory_reserved);
  if (mustTakeStock) {
    for (const item of lineItems) {
      const problem = checkStock(item.price, item.quantity);
      if (problem) throw stockError(problem);
    }
  }

  const record = await deps.db.transaction().execute(async (trx) => {
    const tx = { ...deps, db: trx };
    const now = deps.clock.now();
    // Lock the session first; a concurrent payment may have closed it since we looked.
    if (!(await updateOpenSession(trx, session.id, { updated_at: now }))) {
      const current = await findSessionRow(trx, session.id);
      throw (
        sessionClosedError(current, now) ??
        new AppError('CHECKOUT_SESSION_EXPIRED', 'This checkout session has expired')
      );
    }
    const locked = await findSessionRow(trx, session.id);
    if (!fromFlag(locked.inventory_reserved)) {
      for (const item of lineItems) {
        if (!(await takeStock(trx, item.price_id, item.quantity))) throw stockError('quantityNotEnough');
      }
    }
    const customer = await saveCustomer(tx, {
      did: user?.did ?? `anonymous:${body.customer_email.toLowerCase()}`,
      livemode,
      name: body.customer_name,
      email: body.customer_email,
      phone: contact.phone,
      address: contact.address,
      isAnonymous: !user,
    });
    const intent = await prepareSessionIntent(tx, {
      checkoutSessionId: session.id,
      existingId: locked.payment_intent_id,
      terms: {
        amount: subtotal.toString(),
        currencyId: choice.currency.id,
        paymentMethodId: choice.method.id,
        customerId: customer.id,
        livemode,
      },
    });
    await updateOpenSession(trx, session.id, {
      customer_id: customer.id,
      currency_id: choice.currency.id,
      amount_subtotal: subtotal.toString(),
      amount_total: subtotal.toString(),
      payment_intent_id: intent.intent.id,
      inventory_reserved: 1,
    });
    return { intent, customer };
  });

  return {
    checkoutSession: await toCheckoutSession(deps.db, await findSessionRow(deps.db, session.id)),
    paymentIntent: record.intent.intent,
    stripeContext: toCardContext(record.intent),
    customer: record.customer,
    balance: null,
    delegation: null,
  };
}
