import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { OverdueInvoicesResponse } from '@bazaar/schemas';
import { makeCollectOverdueResponse, TST, TX_HASH } from '../test-utils/chain-builders.ts';
import { createFakeWallet, type FakeWalletOptions } from '../test-utils/fake-wallet.ts';
import { installFakeRelay } from '../test-utils/fake-relay.ts';
import type { StubAnswer } from '../test-utils/fetch-stub.ts';
import {
  makeChainOverdueInvoice,
  makeOverdueResponse,
  makeUncollectibleInvoice,
} from '../test-utils/invoice-builders.ts';
import { renderWithPayment } from '../test-utils/render-checkout.tsx';
import {
  expectPaidAgainAfterLinking,
  linkWalletInDialog,
  WALLET_REQUIRED,
} from '../test-utils/chain-steps.ts';
import { OverdueInvoicesDialog, type OverdueInvoicesDialogProps } from './overdue-invoices-dialog.tsx';

const SLOW = { timeout: 4_000 };
const card = makeUncollectibleInvoice();
const chain = makeChainOverdueInvoice();
/** What the payer owes: $9.99 by card and 19.99 TST on the chain; once the vault collects, only the card. */
const OWED = makeOverdueResponse([card, chain]);
const CARD_LEFT = makeOverdueResponse([card]);
const approve = (isBalanceSufficient = true): StubAnswer => ({
  body: makeCollectOverdueResponse([chain], 'approve', { isBalanceSufficient }),
});
const collecting: StubAnswer = { body: makeCollectOverdueResponse([chain], 'none') };

interface Scenario {
  /** The list as it reads at each fetch, in order; the last repeats. */
  lists: OverdueInvoicesResponse[];
  /** The answers to collect-batch, in order; the last repeats. */
  collects: StubAnswer[];
  wallet?: FakeWalletOptions;
  props?: Partial<OverdueInvoicesDialogProps>;
  locale?: string;
}

/** A signed-in payer with overdue invoices in a card currency and a chain one opens the dialog. */
async function openDialog({
  lists,
  collects,
  wallet,
  props = { customerId: 'cus_1' },
  locale = 'en',
}: Scenario) {
  const user = userEvent.setup();
  const fake = createFakeWallet(wallet);
  const onPaid = vi.fn();
  const view = renderWithPayment(
    <OverdueInvoicesDialog open onClose={vi.fn()} onPaid={onPaid} {...props} />,
    {
      routes: [
        {
          method: 'GET',
          path: /\/payment-kit\/api\/(customers|subscriptions)\/[^/]+\/overdue\/invoices$/,
          respond: lists.map((body) => ({ body })),
        },
        { method: 'POST', path: '/payment-kit/api/invoices/collect-batch', respond: collects },
      ],
      wallet: fake.wallet,
      locale,
      appId: 'app_test',
    },
  );
  expect(await screen.findByText('19.99 TST', {}, SLOW)).toBeTruthy();
  const rowOf = (amount: string) => screen.getByText(amount).closest<HTMLElement>('[aria-busy]')!;
  const collectCalls = () =>
    view.calls.filter((call) => call.url.pathname.endsWith('/invoices/collect-batch'));
  const listCalls = () => view.calls.filter((call) => call.url.pathname.endsWith('/overdue/invoices'));
  return { user, wallet: fake, onPaid, rowOf, collectCalls, listCalls };
}

describe('OverdueInvoicesDialog, paying a chain currency', () => {
  let relay: ReturnType<typeof installFakeRelay>;
  beforeEach(() => {
    relay = installFakeRelay();
  });
  afterEach(() => {
    relay.uninstall();
  });

  it('approves the vault in the wallet, asks again, and reads paid once the list owes nothing in it', async () => {
    const { user, wallet, rowOf, collectCalls, listCalls } = await openDialog({
      lists: [OWED, CARD_LEFT],
      collects: [approve(), collecting],
      wallet: { isSendHeld: true },
    });
    const row = rowOf('19.99 TST');
    expect(within(row).getByText('Ethereum (local) · 1 invoice past due')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Pay' }));

    expect(await within(row).findByText('Confirm in your wallet…', {}, SLOW)).toBeTruthy();
    expect(
      within(row).getByText(
        'Your wallet will ask you to authorise up to 259.87 TST: what is past due now and the renewals to come. Each payment is collected as it falls due.',
      ),
    ).toBeTruthy();
    expect((within(row).getByRole('button', { name: 'Pay' }) as HTMLButtonElement).disabled).toBe(true);
    expect(wallet.calls.send).toEqual([makeCollectOverdueResponse([chain], 'approve').chainContext]);
    expect(collectCalls()).toHaveLength(1);

    wallet.release();
    expect(await within(row).findByText('Paid', {}, SLOW)).toBeTruthy();
    expect(wallet.calls.receipt).toEqual([TX_HASH]);
    expect(collectCalls().map((call) => call.body)).toEqual([
      { currency_id: TST.id, customer_id: 'cus_1' },
      { currency_id: TST.id, customer_id: 'cus_1' },
    ]);
    const keys = collectCalls().map((call) => call.headers.get('Idempotency-Key'));
    expect(new Set(keys).size).toBe(2);
    expect(listCalls()).toHaveLength(2);
    // The card currency is still owed, and still paid on its invoice page.
    await user.click(within(rowOf('$9.99')).getByRole('button', { name: 'Pay' }));
    expect(within(rowOf('$9.99')).getByRole('link', { name: 'View now' })).toBeTruthy();
    expect(collectCalls()).toHaveLength(2);
  });

  it("waits while the vault collects at once, and reads paid after the invoice.paid refetch (a subscription's dialog)", async () => {
    const { user, wallet, rowOf, collectCalls, listCalls } = await openDialog({
      // Read again at once, the pull is not yet confirmed; invoice.paid says when it is.
      lists: [OWED, OWED, CARD_LEFT],
      collects: [collecting],
      props: { subscriptionId: 'sub_chain' },
    });
    const row = rowOf('19.99 TST');
    await user.click(within(row).getByRole('button', { name: 'Pay' }));
    expect(await within(row).findByText('Confirming your payment…', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(within(row).getByText('Confirming your payment…')).toBeTruthy();
    expect(wallet.calls.send).toEqual([]);
    expect(collectCalls().map((call) => call.body)).toEqual([
      { currency_id: TST.id, subscription_id: 'sub_chain' },
    ]);

    relay.deliver({
      type: 'invoice.paid',
      data: { id: chain.id, customer_id: 'cus_1', subscription_id: 'sub_chain' },
    });
    expect(await within(row).findByText('Paid', {}, SLOW)).toBeTruthy();
    expect(listCalls()).toHaveLength(3);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it.each([
    ['en', 'Pay', 'Confirm in your wallet…', 'You cancelled the request in your wallet.', 'Try again'],
    ['zh', '支付', '请在钱包中确认…', '您已在钱包中取消了请求。', '重试'],
  ])(
    'says the payer declined in the wallet, and tries again (%s)',
    async (locale, pay, confirm, declined, retry) => {
      const { user, wallet, rowOf, collectCalls } = await openDialog({
        lists: [OWED, CARD_LEFT],
        collects: [approve(), approve(), collecting],
        wallet: { send: ['reject', 'ok'] },
        locale,
      });
      const row = rowOf('19.99 TST');
      await user.click(within(row).getByRole('button', { name: pay }));
      expect(await within(row).findByText(declined, {}, SLOW)).toBeTruthy();
      expect(within(row).queryByText(confirm)).toBeNull();
      expect(collectCalls()).toHaveLength(1);

      await user.click(within(row).getByRole('button', { name: retry }));
      expect(await within(row).findByText(locale === 'en' ? 'Paid' : '已支付', {}, SLOW)).toBeTruthy();
      expect(wallet.calls.send).toHaveLength(2);
      expect(collectCalls()).toHaveLength(3);
    },
  );

  it('warns of a low balance, and stops when the approval still falls short', async () => {
    const { user, wallet, rowOf, collectCalls } = await openDialog({
      lists: [OWED],
      collects: [approve(false)],
      wallet: { isSendHeld: true },
    });
    const row = rowOf('19.99 TST');
    await user.click(within(row).getByRole('button', { name: 'Pay' }));
    const warning = 'Your wallet holds less than 19.99 TST. Add TST before you confirm.';
    expect(await within(row).findByText(warning, {}, SLOW)).toBeTruthy();

    wallet.release();
    expect(
      await within(row).findByText(
        'The approval does not cover this payment yet. Check that your wallet holds 19.99 TST, then try again.',
        {},
        SLOW,
      ),
    ).toBeTruthy();
    expect(within(row).getByText(warning)).toBeTruthy();
    expect(wallet.calls.send).toHaveLength(1);
    expect(collectCalls()).toHaveLength(2);
    expect(within(row).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says when the approval failed on the network or the chain cannot be reached', async () => {
    const unavailable = {
      status: 503,
      body: { error: { code: 'CHAIN_UNAVAILABLE', message: 'Ethereum (local) cannot be reached' } },
    };
    const { user, rowOf, collectCalls } = await openDialog({
      lists: [OWED],
      collects: [approve(), unavailable],
      wallet: { receipt: 'reverted' },
    });
    const row = rowOf('19.99 TST');
    await user.click(within(row).getByRole('button', { name: 'Pay' }));
    expect(
      await within(row).findByText('The approval failed on the network. Please try again.', {}, SLOW),
    ).toBeTruthy();
    expect(collectCalls()).toHaveLength(1);

    await user.click(within(row).getByRole('button', { name: 'Try again' }));
    expect(
      await within(row).findByText(
        'The network of this payment method cannot be reached. Please try again.',
        {},
        SLOW,
      ),
    ).toBeTruthy();
  });

  it('links a wallet first when the account has none, and pays 2 s after linking', async () => {
    const { user, wallet, rowOf, collectCalls } = await openDialog({
      lists: [OWED, CARD_LEFT],
      collects: [WALLET_REQUIRED, collecting],
    });
    const row = rowOf('19.99 TST');
    await user.click(within(row).getByRole('button', { name: 'Pay' }));
    const linkedAt = await linkWalletInDialog(user);
    expect(wallet.calls.bind).toHaveLength(1);
    expect(collectCalls()).toHaveLength(1);

    await expectPaidAgainAfterLinking(collectCalls, linkedAt);
    expect(await within(rowOf('19.99 TST')).findByText('Paid', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Connect a wallet' })).toBeNull();
  });

  it('returns the row to Pay when the payer closes the bind-wallet dialog', async () => {
    const { user, rowOf, collectCalls } = await openDialog({
      lists: [OWED],
      collects: [WALLET_REQUIRED],
      wallet: { hasWallet: false },
    });
    await user.click(within(rowOf('19.99 TST')).getByRole('button', { name: 'Pay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect a wallet' }, SLOW);
    expect(await within(dialog).findByText('No wallet was found in this browser.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Connect a wallet' })).toBeNull());
    const pay = within(rowOf('19.99 TST')).getByRole('button', { name: 'Pay' }) as HTMLButtonElement;
    expect(pay.disabled).toBe(false);
    expect(collectCalls()).toHaveLength(1);
  });
});
