import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import {
  chainCheckoutRoutes,
  makeChainCheckout,
  makeChainContext,
  makeChainSubmitResponse,
} from '../test-utils/chain-builders.ts';
import { createFakeWallet, type FakeWalletOptions } from '../test-utils/fake-wallet.ts';
import { renderWithPayment } from '../test-utils/render-checkout.tsx';
import {
  expectPaidAgainAfterLinking,
  pressPayOnceFilled,
  WALLET_REQUIRED,
} from '../test-utils/chain-steps.ts';
import { CheckoutForm } from '../checkout/checkout-form.tsx';

const SLOW = { timeout: 4_000 };

/** A signed-in payer without a linked wallet presses Pay with the chain method chosen. */
async function payWithoutWallet(wallet: FakeWalletOptions = {}, locale = 'en') {
  const user = userEvent.setup();
  const checkout = makeChainCheckout();
  const fake = createFakeWallet(wallet);
  const pulled = { body: makeChainSubmitResponse(checkout, makeChainContext({ action: 'none' })) };
  const view = renderWithPayment(<CheckoutForm id="cs_test_1" />, {
    routes: chainCheckoutRoutes(checkout, [WALLET_REQUIRED, pulled]),
    wallet: fake.wallet,
    locale,
  });
  await pressPayOnceFilled(user, locale);
  const submits = () => view.calls.filter((call) => call.url.pathname.endsWith('/submit'));
  return { user, wallet: fake.calls, submits };
}

describe('BindWalletDialog', () => {
  it('links the wallet, says so, and submits the same form again 2 s later', async () => {
    const { user, wallet, submits } = await payWithoutWallet();
    const dialog = await screen.findByRole('dialog', { name: 'Connect a wallet' }, SLOW);
    expect(
      within(dialog).getByText(
        'Paying with Ethereum (local) needs a wallet linked to your account. Your wallet will ask you to sign a message; this costs nothing.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Connect wallet' }));
    expect(await within(dialog).findByText('Wallet linked')).toBeTruthy();
    const linkedAt = Date.now();
    expect(wallet.bind).toEqual([
      {
        userServiceBase: 'http://shop.test/.well-known/service/user',
        statement: 'Link this wallet to your account',
      },
    ]);
    expect(submits()).toHaveLength(1);

    await expectPaidAgainAfterLinking(submits, linkedAt);
    expect(submits()[1]!.body).toEqual(submits()[0]!.body);
    expect(await screen.findByText('Payment succeeded', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says no wallet was found in this browser and offers only Close', async () => {
    const { user, wallet, submits } = await payWithoutWallet({ hasWallet: false });
    const dialog = await screen.findByRole('dialog', { name: 'Connect a wallet' }, SLOW);
    expect(await within(dialog).findByText('No wallet was found in this browser.')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'Install a wallet extension such as MetaMask, then reload this page to pay with Ethereum (local).',
      ),
    ).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Close']);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByRole('button', { name: 'Pay' }) as HTMLButtonElement).disabled).toBe(false);
    expect(wallet.bind).toHaveLength(0);
    expect(submits()).toHaveLength(1);
  });

  it('shows why linking failed, lets the payer try again, and Cancel returns to the form', async () => {
    const { user, wallet, submits } = await payWithoutWallet({
      bind: [
        { status: 409, code: 'WALLET_IN_USE', message: 'This wallet belongs to another account' },
        'reject',
      ],
    });
    const dialog = await screen.findByRole('dialog', { name: 'Connect a wallet' }, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Connect wallet' }));
    expect(await within(dialog).findByText('This wallet belongs to another account.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Connect wallet' }));
    expect(await within(dialog).findByText('You cancelled the request in your wallet.')).toBeTruthy();
    expect(wallet.bind).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByRole('button', { name: 'Pay' }) as HTMLButtonElement).disabled).toBe(false);
    expect(submits()).toHaveLength(1);
  });

  it('reads in Chinese', async () => {
    await payWithoutWallet({}, 'zh');
    const dialog = await screen.findByRole('dialog', { name: '连接钱包' }, SLOW);
    expect(
      within(dialog).getByText(
        '使用 Ethereum (local) 支付前，需要先将钱包关联到您的账户。钱包会请您签署一条消息，不会产生任何费用。',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '连接钱包' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '取消' })).toBeTruthy();
  });
});
