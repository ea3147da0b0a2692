import type { submitCheckoutBodySchema } from '@bazaar/schemas';
import { CHAIN_METHOD_TYPES, isChainMethodType, type SubmitCheckoutResponse } from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import { getAddress } from 'viem';
import type { z } from 'zod';
import { fromFlag, toFlag } from '../db/json.ts';
import type { PaymentDeps } from '../deps.ts';
import { findCustomerByDid, saveCustomer } from '../modules/customers/service.ts';
import { hasPastDueInvoices } from '../modules/invoices/service.ts';
import { customerNow } from '../modules/test-clocks/service.ts';
import { getPaymentIntent, prepareSessionIntent } from '../modules/payment-intents/service.ts';
import { isCardKept } from './settle-payment.ts';
import { resolvePaymentChoice } from '../modules/payment-methods/service.ts';
import { readChainStanding, startChainCheckout } from './pay-by-chain.ts';
import type { PaymentLinkConfig } from '../modules/payment-links/service.ts';
import {
  assertMayActOnSession,
  assertSameCustomer,
  sessionCustomerDid,
  sessionTakenError,
  payerDid,
  type CheckoutActor,
} from '../modules/checkout-sessions/access.ts';
import { crossSellPriceOf } from '../modules/checkout-sessions/changes.ts';
import { checkContact } from '../modules/checkout-sessions/contact-rules.ts';
import { chargedPriceId, priceSession, type SessionLine } from '../modules/checkout-sessions/line-items.ts';
import {
  assertCrossSell,
  assertCustomAmount,
  assertOnSale,
  assertOneCustomAmount,
  assertStock,
  subscriptionRecurrence,
} from '../modules/checkout-sessions/purchase-rules.ts';
import { updateOpenSession } from '../modules/checkout-sessions/repository.ts';
import {
  getOpenSessionRow,
  getSessionRow,
  lockOpenSession,
  priceSessionRow,
  toCheckoutSession,
} from '../modules/checkout-sessions/service.ts';
import { assertMayHoldStock, holdUntil, reserveLines } from '../modules/checkout-sessions/stock.ts';

export type SubmitCheckoutInput = z.output<typeof submitCheckoutBodySchema>;

/** Which methods have a provider that can take the payment today. */
const PAYABLE_METHOD_TYPES = new Set(['stripe', ...CHAIN_METHOD_TYPES]);

async function assertNotLimited(deps: PaymentDeps, did: string, livemode: boolean): Promise<void> {
  const customer = await findCustomerByDid(deps.db, did, livemode);
  if (
    customer &&
    (await hasPastDueInvoices(deps.db, {
      customerId: customer.id,
      livemode,
      // A customer on a test clock is judged at the clock's time.
      now: await customerNow(deps.db, deps.clock, customer.id),
    }))
  ) {
    throw new AppError('CUSTOMER_LIMITED', 'Please pay your past-due invoices before a new purchase');
  }
}

/** A chain payment being confirmed must finish (or fail) before the checkout is submitted again. */
async function assertNoPaymentOnItsWay(deps: PaymentDeps, intentId: string | null): Promise<void> {
  if (intentId && (await getPaymentIntent(deps.db, intentId)).intent.status === 'processing') {
    throw new AppError(
      'PAYMENT_IN_PROGRESS',
      'A payment for this checkout is on its way; please wait for it',
    );
  }
}

/** A link archived after the session opened sells nothing more through it. */
function assertLinkActive(link: PaymentLinkConfig | null): void {
  if (link && !link.link.active) {
    throw new AppError('PAYMENT_LINK_INACTIVE', 'This payment link is no longer active');
  }
}

/**
 * `PUT /checkout-sessions/{id}/submit`: checks every rule first (who may pay, the method, the
 * contact details, custom amounts, stock and per-checkout limits, cross-sells, past-due
 * invoices, the chain's standing), then in one transaction saves the customer, takes the stock
 * and readies the payment intent, so a refused submit writes nothing. Stock is taken here, before any card is charged, so a payment
 * that succeeds always has its units. Paying in another currency than the session's reprices
 * every line in it (a custom amount, typed in the session's currency, starts over at the default).
 */
export async function submitCheckout(
  deps: PaymentDeps,
  input: { sessionId: string; body: SubmitCheckoutInput; actor: CheckoutActor },
): Promise<SubmitCheckoutResponse> {
  const { body, actor } = input;
  const { user } = actor;
  const session = await getOpenSessionRow(deps, input.sessionId);
  const isDonation = session.submit_type === 'donate';
  if (!user && !isDonation) throw new AppError('UNAUTHENTICATED', 'Login to access this page');
  const customerDid = await sessionCustomerDid(deps.db, session);
  assertMayActOnSession(session, customerDid, actor);
  await assertNoPaymentOnItsWay(deps, session.payment_intent_id);
  if (session.mode === 'setup') {
    throw new AppError('CHECKOUT_MODE_UNSUPPORTED', 'Setup sessions cannot be completed on this install yet');
  }

  const livemode = fromFlag(session.livemode);
  const catalogue = await deps.catalogue.read(deps.db);
  const choice = resolvePaymentChoice(await catalogue.paymentMethods(livemode), {
    methodId: body.payment_method,
    currencyId: body.payment_currency,
  });
  if (!PAYABLE_METHOD_TYPES.has(choice.method.type)) {
    throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 'This payment method is not supported');
  }
  const isChain = isChainMethodType(choice.method.type);
  // A signed-in payer binds a wallet before paying by chain: the wallet that pays must be known
  // before anything is written. Card payments skip this.
  if (isChain && user && !user.walletAddress) {
    throw new AppError('WALLET_REQUIRED', 'Bind a wallet before paying with this method');
  }
  const isAddressRequired = session.billing_address_collection === 'required';
  const contact = checkContact({
    phone: body.customer_phone,
    isPhoneRequired: fromFlag(session.phone_number_collection),
    address: body.billing_address,
    isAddressRequired,
    isPostalOnly: choice.method.type === 'stripe' && !isAddressRequired,
  });
  if (!contact.ok) throw new AppError('VALIDATION_FAILED', 'Validate failed', contact.problems);

  const now = deps.clock.now();
  const isSameCurrency = choice.currency.id === session.currency_id;
  const priced = await priceSessionRow(catalogue, session, now);
  const lines: SessionLine[] = isSameCurrency
    ? priced.lines
    : priced.lines.map((line) => ({ ...line, custom_amount: null }));
  const { lineItems, totals } = isSameCurrency
    ? priced
    : priceSession({ ...priced, lines, currencyId: choice.currency.id });
  const link = session.payment_link_id ? await catalogue.paymentLink(session.payment_link_id) : null;
  assertLinkActive(link);
  assertOnSale(lineItems);
  assertOneCustomAmount(lineItems);
  if (session.mode === 'subscription') subscriptionRecurrence(lineItems);
  for (const line of lines) {
    if (line.custom_amount !== null) {
      assertCustomAmount(
        priced.prices.get(chargedPriceId(line))!,
        choice.currency,
        BigInt(line.custom_amount),
      );
    }
  }
  if (!fromFlag(session.inventory_reserved)) assertStock(lineItems);
  assertCrossSell({
    isRequired: session.cross_sell_behavior === 'required',
    crossSellPriceId: crossSellPriceOf(link),
    lines: lineItems,
  });
  const did = payerDid(user, body.customer_email);
  assertSameCustomer(customerDid, did);
  await assertNotLimited(deps, did, livemode);

  const amount = totals.amountDueNow.toString();
  const standing = isChain
    ? await readChainStanding(deps, {
        methodId: choice.method.id,
        currency: choice.currency,
        payer: user?.walletAddress ? getAddress(user.walletAddress) : null,
        amount: totals.amountDueNow,
        renewal: session.mode === 'subscription' ? totals.renewalAmount : 0n,
      })
    : null;
  const record = await deps.db.transaction().execute(async (trx) => {
    const tx = { ...deps, db: trx };
    // Lock the session first; a concurrent payment may have closed it since we looked.
    const locked = await lockOpenSession(trx, { id: session.id, now });
    if (locked.line_items !== session.line_items) {
      throw new AppError(
        'VALIDATION_FAILED',
        'The checkout session changed while it was submitted; please retry',
      );
    }
    if (!fromFlag(locked.inventory_reserved) && !(await reserveLines(trx, lineItems))) {
      throw new AppError('quantityNotEnough', 'Exceed inventory');
    }
    const customer = await saveCustomer(tx, {
      did,
      livemode,
      name: body.customer_name,
      email: body.customer_email,
      phone: contact.phone,
      address: contact.address,
      isAnonymous: !user,
    });
    // Two first submits may race: the one that locked the session first owns it.
    if (locked.customer_id && locked.customer_id !== customer.id) {
      throw sessionTakenError();
    }
    const heldUntil = holdUntil(lineItems, now, deps.limits);
    if (heldUntil !== null) {
      await assertMayHoldStock(trx, {
        customerId: customer.id,
        sessionId: session.id,
        now,
        limits: deps.limits,
      });
    }
    const intent = await prepareSessionIntent(tx, {
      checkoutSessionId: session.id,
      existingId: locked.payment_intent_id,
      terms: {
        amount,
        currencyId: choice.currency.id,
        paymentMethodId: choice.method.id,
        customerId: customer.id,
        livemode,
      },
    });
    const submitted = await updateOpenSession(trx, session.id, {
      customer_id: customer.id,
      currency_id: choice.currency.id,
      line_items: JSON.stringify(lines),
      amount_subtotal: totals.subtotal.toString(),
      amount_total: amount,
      payment_intent_id: intent.intent.id,
      // Only limited stock is taken, so only a session holding some has anything to give back.
      inventory_reserved: toFlag(heldUntil !== null),
      inventory_held_until: heldUntil,
      supporter_display: isDonation ? (body.supporter_display ?? 'public') : null,
    });
    // The session is locked open above, so the update answers its row.
    return { intent, customer, session: submitted! };
  });

  const chain = standing
    ? await startChainCheckout(deps, {
        standing,
        intent: record.intent.intent,
        session,
        isDonation,
      })
    : null;
  // A chain payment may have gone through already (an allowance pulled it): read what it wrote.
  const row = chain ? await getSessionRow(deps.db, session.id) : record.session;
  return {
    checkoutSession: await toCheckoutSession(deps, row, catalogue),
    paymentIntent: chain
      ? (await getPaymentIntent(deps.db, record.intent.intent.id)).intent
      : record.intent.intent,
    stripeContext: chain
      ? null
      : await deps.cards.prepareIntent({
          record: record.intent,
          keepCard: isCardKept({ kind: 'checkout', session: record.session }),
          now: deps.clock.now(),
        }),
    chainContext: chain?.chainContext ?? null,
    customer: record.customer,
    balance: chain?.balance ?? null,
    delegation: chain?.delegation ?? null,
  };
}
