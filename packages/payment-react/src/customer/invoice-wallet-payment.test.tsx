import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Invoice } from '@bazaar/schemas';
import { makeCollectOverdueResponse, PAYER, TST, TX_HASH } from '../test-utils/chain-builders.ts';
import { createFakeWallet, type FakeWalletOptions } from '../test-utils/fake-wallet.ts';
import { installFakeRelay } from '../test-utils/fake-relay.ts';
import type { StubAnswer } from '../test-utils/fetch-stub.ts';
import { makeChainOverdueInvoice } from '../test-utils/invoice-builders.ts';
import { renderWithPayment } from '../test-utils/render-checkout.tsx';
import {
  expectPaidAgainAfterLinking,
  linkWalletInDialog,
  WALLET_REQUIRED,
} from '../test-utils/chain-steps.ts';
import { InvoiceDetail } from './invoice-detail.tsx';

const SLOW = { timeout: 4_000 };
const owed = makeChainOverdueInvoice();
const paid: Invoice = {
  ...owed,
  status: 'paid',
  amount_paid: owed.amount_due,
  amount_remaining: '0',
  paid_at: 1_700_100_000,
  payment_details: { tx_hash: TX_HASH, payer: PAYER, chain_id: 31337, explorer_host: '' },
};
const approve = (isBalanceSufficient = true): StubAnswer => ({
  body: makeCollectOverdueResponse([owed], 'approve', { isBalanceSufficient }),
});
const collecting: StubAnswer = { body: makeCollectOverdueResponse([owed], 'none') };

interface Scenario {
  /**
   * The invoice as it reads at each fetch after the page opened, in order; the last repeats. The
   * first also answers the read made once the relay confirms the page listens.
   */
  reads: Invoice[];
  /** The answers to collect-batch, in order; the last repeats. */
  collects: StubAnswer[];
  wallet?: FakeWalletOptions;
  locale?: string;
}

/** The payer opens the page of their uncollectible invoice of 19.99 TST, collected by a chain method. */
async function openInvoice({ reads, collects, wallet, locale = 'en' }: Scenario) {
  const user = userEvent.setup();
  const fake = createFakeWallet(wallet);
  const view = renderWithPayment(<InvoiceDetail id={owed.id} />, {
    routes: [
      {
        method: 'GET',
        path: `/payment-kit/api/invoices/${owed.id}`,
        respond: [reads[0]!, ...reads].map((body) => ({ body })),
      },
      { method: 'POST', path: '/payment-kit/api/invoices/collect-batch', respond: collects },
    ],
    wallet: fake.wallet,
    locale,
    appId: 'app_test',
  });
  expect(await screen.findByText('19.99 TST', { selector: 'p' }, SLOW)).toBeTruthy();
  const readCalls = () => view.calls.filter((call) => call.url.pathname.endsWith(`/invoices/${owed.id}`));
  await waitFor(() => expect(readCalls()).toHaveLength(2));
  const collectCalls = () =>
    view.calls.filter((call) => call.url.pathname.endsWith('/invoices/collect-batch'));
  const payCalls = () => view.calls.filter((call) => call.url.pathname.endsWith('/pay'));
  return { user, wallet: fake, collectCalls, readCalls, payCalls };
}

describe('InvoiceDetail paying a chain invoice from the wallet', () => {
  let relay: ReturnType<typeof installFakeRelay>;
  beforeEach(() => {
    relay = installFakeRelay();
  });
  afterEach(() => {
    relay.uninstall();
    vi.useRealTimers();
  });

  it.each([
    [
      'en',
      'Pay now',
      'Confirm in your wallet…',
      'Your wallet will ask you to authorise up to 259.87 TST: this invoice and later payments from this wallet. Each payment is collected only when it falls due.',
      'Thank you, this invoice is paid.',
      'Paid from 0xf39F…2266',
    ],
    [
      'zh',
      '立即支付',
      '请在钱包中确认…',
      '钱包会请您授权最多 259.87 TST，用于支付本账单和之后从该钱包扣取的费用，每笔费用到期时才会扣取。',
      '谢谢，该账单已支付。',
      '由 0xf39F…2266 支付',
    ],
  ])(
    'approves the vault, asks again, and shows the invoice paid from the wallet (%s)',
    async (locale, payNow, confirm, notice, thanks, paidFrom) => {
      const { user, wallet, collectCalls, readCalls, payCalls } = await openInvoice({
        reads: [owed, paid],
        collects: [approve(), collecting],
        wallet: { isSendHeld: true },
        locale,
      });
      await user.click(screen.getByRole('button', { name: payNow }));
      expect(await screen.findByText(confirm, {}, SLOW)).toBeTruthy();
      expect(screen.getByText(notice)).toBeTruthy();
      expect((screen.getByRole('button', { name: payNow }) as HTMLButtonElement).disabled).toBe(true);
      expect(wallet.calls.send).toEqual([makeCollectOverdueResponse([owed], 'approve').chainContext]);

      wallet.release();
      expect(await screen.findByText(thanks, {}, SLOW)).toBeTruthy();
      expect(screen.getByText(paidFrom)).toBeTruthy();
      expect(screen.getByText('0xabab…abab')).toBeTruthy();
      expect(screen.queryByRole('button', { name: payNow })).toBeNull();
      expect(wallet.calls.receipt).toEqual([TX_HASH]);
      expect(collectCalls().map((call) => call.body)).toEqual([
        { currency_id: TST.id, invoice_id: owed.id },
        { currency_id: TST.id, invoice_id: owed.id },
      ]);
      const keys = collectCalls().map((call) => call.headers.get('Idempotency-Key'));
      expect(new Set(keys).size).toBe(2);
      expect(readCalls()).toHaveLength(3);
      expect(payCalls()).toEqual([]);
    },
  );

  it('waits while the vault collects, and reads the invoice again on its own invoice.paid', async () => {
    const { user, wallet, readCalls } = await openInvoice({
      // Read again at once, the pull is not yet confirmed; invoice.paid says when it is.
      reads: [owed, owed, paid, paid],
      collects: [collecting],
    });
    // The page listens for changes to its invoice (a refund); the payment listens while it waits.
    await waitFor(() => expect(relay.openCount).toBe(1));
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Confirming your payment…', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(readCalls()).toHaveLength(3));
    await waitFor(() => expect(relay.openCount).toBe(2));
    expect(wallet.calls.send).toEqual([]);

    relay.deliver({
      type: 'invoice.paid',
      data: { id: 'in_other', customer_id: 'cus_1', subscription_id: null },
    });
    relay.deliver({
      type: 'invoice.paid',
      data: { id: owed.id, customer_id: owed.customer_id, subscription_id: owed.subscription_id },
    });
    expect(await screen.findByText('Thank you, this invoice is paid.', {}, SLOW)).toBeTruthy();
    // The payment read it on its invoice.paid, and so did the page, which reads any change to it.
    expect(readCalls()).toHaveLength(5);
    expect(relay.openCount).toBe(1);
  });

  it('stops waiting after three minutes without collection, and Try again reads it paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { collectCalls, readCalls } = await openInvoice({
      reads: [owed, owed, paid],
      // Collected meanwhile: nothing is left for collect-batch to collect.
      collects: [collecting, { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Nothing' } } }],
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Confirming your payment…', {}, SLOW)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(180_000));
    expect(
      await screen.findByText(
        'We could not confirm the payment in time. Please check again later.',
        {},
        SLOW,
      ),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Thank you, this invoice is paid.', {}, SLOW)).toBeTruthy();
    expect(collectCalls()).toHaveLength(2);
    expect(readCalls()).toHaveLength(4);
  });

  it.each([
    ['en', 'Pay now', 'You cancelled the request in your wallet.', 'Try again'],
    ['zh', '立即支付', '您已在钱包中取消了请求。', '重试'],
  ])(
    'says the payer declined in the wallet, and tries again (%s)',
    async (locale, payNow, declined, retry) => {
      const { user, wallet, collectCalls } = await openInvoice({
        reads: [owed, paid],
        collects: [approve(), approve(), collecting],
        wallet: { send: ['reject', 'ok'] },
        locale,
      });
      await user.click(screen.getByRole('button', { name: payNow }));
      expect(await screen.findByText(declined, {}, SLOW)).toBeTruthy();
      expect(collectCalls()).toHaveLength(1);

      await user.click(screen.getByRole('button', { name: retry }));
      expect(await screen.findByText(locale === 'en' ? 'Paid' : '已支付', {}, SLOW)).toBeTruthy();
      expect(wallet.calls.send).toHaveLength(2);
      expect(collectCalls()).toHaveLength(3);
    },
  );

  it('warns of a low balance, and says when the approval failed or the chain cannot be reached', async () => {
    const unavailable = {
      status: 503,
      body: { error: { code: 'CHAIN_UNAVAILABLE', message: 'Ethereum (local) cannot be reached' } },
    };
    const { user, collectCalls } = await openInvoice({
      reads: [owed],
      collects: [approve(false), unavailable],
      wallet: { receipt: 'reverted' },
    });
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(
      await screen.findByText('The approval failed on the network. Please try again.', {}, SLOW),
    ).toBeTruthy();
    expect(
      screen.getByText('Your wallet holds less than 19.99 TST. Add TST before you confirm.'),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText(
        'The network of this payment method cannot be reached. Please try again.',
        {},
        SLOW,
      ),
    ).toBeTruthy();
    expect(collectCalls()).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('links a wallet first when the account has none, and pays 2 s after linking', async () => {
    const { user, wallet, collectCalls } = await openInvoice({
      reads: [owed, paid],
      collects: [WALLET_REQUIRED, collecting],
    });
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    const linkedAt = await linkWalletInDialog(user);
    expect(wallet.calls.bind).toHaveLength(1);
    expect(collectCalls()).toHaveLength(1);

    await expectPaidAgainAfterLinking(collectCalls, linkedAt);
    expect(await screen.findByText('Thank you, this invoice is paid.', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Connect a wallet' })).toBeNull();
  });

  it('returns to Pay now when the payer closes the bind-wallet dialog', async () => {
    const { user, collectCalls } = await openInvoice({
      reads: [owed],
      collects: [WALLET_REQUIRED],
      wallet: { hasWallet: false },
    });
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect a wallet' }, SLOW);
    expect(await within(dialog).findByText('No wallet was found in this browser.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Connect a wallet' })).toBeNull());
    expect((screen.getByRole('button', { name: 'Pay now' }) as HTMLButtonElement).disabled).toBe(false);
    expect(collectCalls()).toHaveLength(1);
  });
});
