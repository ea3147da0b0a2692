import type {
  ChainContext,
  CollectOverdueResponse,
  Customer,
  Invoice,
  PaymentIntent,
  StartCheckoutResponse,
  SubmitCheckoutResponse,
} from '@bazaar/schemas';
import { makeCheckout, makeLineItem, makePaymentMethod, makePrice, USD } from './checkout-builders.ts';
import type { StubAnswer, StubRoute } from './fetch-stub.ts';

/** Test builders for paying by a chain method: an ERC-20 token of 18 decimals on a local chain. */
export const TST = {
  ...USD,
  id: 'pc_test_tst',
  payment_method_id: 'pm_test_chain',
  symbol: 'TST',
  name: 'Test Token',
  decimal: 18,
  maximum_precision: 6,
  contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
};

/** What the payer's wallet sends from: Hardhat's first public dev account. */
export const PAYER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
export const TX_HASH = `0x${'ab'.repeat(32)}`;
/** 19.99 TST in the smallest unit. */
export const TST_AMOUNT = '19990000000000000000';

export const CHAIN_METHOD = makePaymentMethod({
  id: 'pm_test_chain',
  type: 'ethereum',
  name: 'Ethereum (local)',
  default_currency_id: TST.id,
  payment_currencies: [TST],
});

/** A session priced in TST, offering only the chain method: one-time by default. */
export function makeChainCheckout(
  session: Partial<StartCheckoutResponse['checkoutSession']> = {},
): StartCheckoutResponse {
  const isSubscription = session.mode === 'subscription';
  const price = makePrice({
    currency_id: TST.id,
    unit_amount: TST_AMOUNT,
    ...(isSubscription && {
      type: 'recurring',
      recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
    }),
  });
  return makeCheckout(
    {
      currency_id: TST.id,
      line_items: [makeLineItem({ price })],
      amount_subtotal: TST_AMOUNT,
      amount_total: TST_AMOUNT,
      amount_due_now: TST_AMOUNT,
      amount_renewal: isSubscription ? TST_AMOUNT : '0',
      currency_amounts: [
        {
          currency_id: TST.id,
          amount_due_now: TST_AMOUNT,
          amount_renewal: isSubscription ? TST_AMOUNT : '0',
        },
      ],
      ...session,
    },
    { paymentMethods: [CHAIN_METHOD] },
  );
}

export function makeChainContext(overrides: Partial<ChainContext> = {}): ChainContext {
  return {
    chain_id: 31337,
    rpc_url: 'http://127.0.0.1:8545',
    explorer_host: 'http://127.0.0.1:8545',
    network_name: CHAIN_METHOD.name,
    token: { address: TST.contract, symbol: TST.symbol, decimals: TST.decimal },
    vault: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    payer: PAYER,
    amount: TST_AMOUNT,
    action: 'transfer',
    approve_amount: '0',
    ...overrides,
  };
}

/** The payer's saved details, so the form is filled and Pay submits at once. */
export const CHAIN_PAYER: Customer = {
  id: 'cus_1',
  did: 'did:pkh:eip155:1:0xabc',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '',
  address: { country: 'us', state: '', city: '', line1: '', line2: '', postal_code: '' },
  livemode: false,
  metadata: {},
};

export function makeChainIntent(overrides: Partial<PaymentIntent> = {}): PaymentIntent {
  return {
    id: 'pi_chain',
    object: 'payment_intent',
    status: 'processing',
    amount: TST_AMOUNT,
    amount_received: '0',
    currency_id: TST.id,
    payment_method_id: CHAIN_METHOD.id,
    customer_id: CHAIN_PAYER.id,
    invoice_id: null,
    livemode: false,
    last_payment_error: null,
    payment_details: null,
    created_at: 1_700_000_000,
    ...overrides,
  };
}

/** The submit answer of a chain method: what the wallet must do, and whether the wallet holds enough. */
export function makeChainSubmitResponse(
  checkout: StartCheckoutResponse,
  chainContext: ChainContext,
  { isBalanceSufficient = true } = {},
): SubmitCheckoutResponse {
  return {
    checkoutSession: checkout.checkoutSession,
    paymentIntent: makeChainIntent(),
    stripeContext: null,
    chainContext,
    customer: CHAIN_PAYER,
    balance: { sufficient: isBalanceSufficient },
    delegation: { sufficient: chainContext.action === 'none' },
  };
}

/**
 * The checkout API around a chain payment as the server behaves: submits and transfer reports
 * answer in order (the last repeats), and the session reads paid once the server pulls (a submit
 * answered `none`) or takes a reported transfer.
 */
export function chainCheckoutRoutes(
  checkout: StartCheckoutResponse,
  submits: StubAnswer[],
  reports: StubAnswer[] = [{ body: { paymentIntent: makeChainIntent() } }],
): StubRoute[] {
  let isPaid = false;
  let submitCount = 0;
  let reportCount = 0;
  const paid: StartCheckoutResponse = {
    ...checkout,
    checkoutSession: {
      ...checkout.checkoutSession,
      status: 'complete',
      payment_status: 'paid',
      invoice_id: 'in_1',
    },
  };
  const sessionPath = `/payment-kit/api/checkout-sessions/${checkout.checkoutSession.id}`;
  return [
    {
      method: 'GET',
      path: `/payment-kit/api/checkout-sessions/retrieve/${checkout.checkoutSession.id}`,
      respond: () => ({ body: isPaid ? paid : checkout }),
    },
    { method: 'GET', path: '/payment-kit/api/customers/me', respond: { body: CHAIN_PAYER } },
    {
      method: 'PUT',
      path: new RegExp(`^${sessionPath}/(donate-)?submit$`),
      respond: () => {
        const answer = submits[Math.min(submitCount++, submits.length - 1)]!;
        const body = answer.body as Partial<SubmitCheckoutResponse>;
        if (body.chainContext?.action === 'none') isPaid = true;
        return answer;
      },
    },
    {
      method: 'PUT',
      path: `${sessionPath}/chain-transaction`,
      respond: () => {
        const answer = reports[Math.min(reportCount++, reports.length - 1)]!;
        if (answer.status === undefined) isPaid = true;
        return answer;
      },
    },
  ];
}

/**
 * The answer of `POST /invoices/collect-batch` about these overdue invoices: `none` (the vault
 * collects them) or `approve` (their total and twelve renewals of the largest, as the server asks).
 */
export function makeCollectOverdueResponse(
  invoices: Invoice[],
  action: 'approve' | 'none',
  { isBalanceSufficient = true } = {},
): CollectOverdueResponse {
  const amounts = invoices.map((invoice) => BigInt(invoice.amount_remaining));
  const total = amounts.reduce((sum, amount) => sum + amount, 0n);
  const largest = amounts.reduce((max, amount) => (amount > max ? amount : max), 0n);
  return {
    chainContext: makeChainContext({
      action,
      amount: total.toString(),
      approve_amount: (total + largest * 12n).toString(),
    }),
    balance: { sufficient: isBalanceSufficient },
    delegation: { sufficient: action === 'none' },
    invoices,
  };
}
