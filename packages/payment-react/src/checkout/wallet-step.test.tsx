import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ChainContext, StartCheckoutResponse } from '@bazaar/schemas';
import {
  chainCheckoutRoutes,
  makeChainCheckout,
  makeChainContext,
  makeChainIntent,
  makeChainSubmitResponse,
  TST,
  TX_HASH,
} from '../test-utils/chain-builders.ts';
import { makePrice } from '../test-utils/checkout-builders.ts';
import { createFakeWallet, type FakeWalletOptions } from '../test-utils/fake-wallet.ts';
import type { StubAnswer, StubRoute } from '../test-utils/fetch-stub.ts';
import { pressPayOnceFilled } from '../test-utils/chain-steps.ts';
import { renderWithPayment } from '../test-utils/render-checkout.tsx';
import { CheckoutForm } from './checkout-form.tsx';

const SLOW = { timeout: 4_000 };
const APPROVE_AMOUNT = '259870000000000000000';

interface Scenario {
  checkout?: StartCheckoutResponse;
  /** The server's answers to the submits, in order. */
  answers: (checkout: StartCheckoutResponse) => StubAnswer[];
  /** The server's answers to the transfer reports, in order. */
  reports?: StubAnswer[];
  wallet?: FakeWalletOptions;
  locale?: string;
  /** More of the server, such as the link's add-on. */
  routes?: StubRoute[];
}

const answer = (
  checkout: StartCheckoutResponse,
  chain: Partial<ChainContext>,
  isBalanceSufficient = true,
) => ({
  body: makeChainSubmitResponse(checkout, makeChainContext(chain), { isBalanceSufficient }),
});

/** A signed-in payer with a linked wallet, their details saved, presses the pay button. */
async function pay({
  checkout = makeChainCheckout(),
  answers,
  reports,
  wallet,
  locale = 'en',
  routes = [],
}: Scenario) {
  const user = userEvent.setup();
  const fake = createFakeWallet(wallet);
  const view = renderWithPayment(<CheckoutForm id={checkout.checkoutSession.id} />, {
    routes: [...chainCheckoutRoutes(checkout, answers(checkout), reports), ...routes],
    wallet: fake.wallet,
    locale,
  });
  const action = checkout.checkoutSession.mode === 'subscription' ? 'Subscribe' : 'Pay';
  await pressPayOnceFilled(user, locale, action);
  const submits = () => view.calls.filter((call) => call.url.pathname.endsWith('/submit'));
  return { user, wallet: fake.calls, release: fake.release, calls: view.calls, submits };
}

describe('WalletStep', () => {
  it('goes straight to waiting when the server already pulls the payment, then shows success', async () => {
    const { wallet } = await pay({ answers: (checkout) => [answer(checkout, { action: 'none' })] });
    expect(await screen.findByText('Payment succeeded', {}, SLOW)).toBeTruthy();
    expect(wallet.send).toHaveLength(0);
  });

  it('shows what the wallet sends, reports the transfer with its hash, then shows success', async () => {
    const { wallet, release, calls } = await pay({
      answers: (checkout) => [answer(checkout, {})],
      wallet: { isSendHeld: true },
    });
    const step = await screen.findByRole('region', { name: 'Pay with your wallet' }, SLOW);
    const confirming = within(step).getByRole('button', { name: 'Confirm in your wallet…' });
    expect((confirming as HTMLButtonElement).disabled).toBe(true);
    expect((within(step).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(step).getByText('Ethereum (local)')).toBeTruthy();
    expect(within(step).getByText('TST · 0x5FbD…0aa3')).toBeTruthy();
    expect(within(step).getByText('19.99 TST')).toBeTruthy();
    expect(within(step).getByText('0xf39F…2266')).toBeTruthy();
    expect(within(step).getByText('Your wallet will ask you to send 19.99 TST.')).toBeTruthy();
    release();
    expect(await screen.findByText('Payment succeeded', {}, SLOW)).toBeTruthy();
    expect(wallet.send).toEqual([makeChainContext()]);
    const report = calls.find((call) => call.url.pathname.endsWith('/chain-transaction'))!;
    expect(report.method).toBe('PUT');
    expect(report.body).toEqual({ tx_hash: TX_HASH });
  });

  it('focuses the step heading so it is announced', async () => {
    await pay({ answers: (checkout) => [answer(checkout, {})], wallet: { send: ['reject'] } });
    const heading = await screen.findByRole('heading', { name: 'Pay with your wallet' }, SLOW);
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('approves a subscription, waits for the receipt, and submits the same form again for the server to pull', async () => {
    const { wallet, release, submits } = await pay({
      checkout: makeChainCheckout({ mode: 'subscription' }),
      answers: (checkout) => [
        answer(checkout, { action: 'approve', approve_amount: APPROVE_AMOUNT }),
        answer(checkout, { action: 'none' }),
      ],
      wallet: { isSendHeld: true },
    });
    expect(
      await screen.findByText(
        'Your wallet will ask you to authorise up to 259.87 TST for this payment and the renewals of this subscription. Each payment is collected as it falls due.',
        {},
        SLOW,
      ),
    ).toBeTruthy();
    release();
    expect(await screen.findByText('Subscription activated', {}, SLOW)).toBeTruthy();
    expect(wallet.send.map((context) => context.action)).toEqual(['approve']);
    expect(wallet.receipt).toEqual([TX_HASH]);
    expect(submits()).toHaveLength(2);
    expect(submits()[1]!.body).toEqual(submits()[0]!.body);
    expect(submits()[1]!.headers.get('Idempotency-Key')).not.toBe(
      submits()[0]!.headers.get('Idempotency-Key'),
    );
  });

  it('shows a reverted approval in the step and does not submit again', async () => {
    const { submits } = await pay({
      checkout: makeChainCheckout({ mode: 'subscription' }),
      answers: (checkout) => [answer(checkout, { action: 'approve', approve_amount: APPROVE_AMOUNT })],
      wallet: { receipt: 'reverted' },
    });
    expect(
      await screen.findByText('The approval failed on the network. Please try again.', {}, SLOW),
    ).toBeTruthy();
    expect(submits()).toHaveLength(1);
  });

  it('does not ask for another approval by itself when the server still asks for one', async () => {
    const { wallet } = await pay({
      checkout: makeChainCheckout({ mode: 'subscription' }),
      answers: (checkout) => [answer(checkout, { action: 'approve', approve_amount: APPROVE_AMOUNT }, false)],
    });
    expect(
      await screen.findByText(
        'The approval does not cover this payment yet. Check that your wallet holds 19.99 TST, then try again.',
        {},
        SLOW,
      ),
    ).toBeTruthy();
    expect(
      screen.getByText('Your wallet holds less than 19.99 TST. Add TST before you confirm.'),
    ).toBeTruthy();
    expect(wallet.send).toHaveLength(1);
  });

  it('says the payer cancelled in the wallet, and asking again pays', async () => {
    const { user, wallet } = await pay({
      answers: (checkout) => [answer(checkout, {})],
      wallet: { send: ['reject', 'ok'] },
    });
    expect(await screen.findByText('You cancelled the request in your wallet.', {}, SLOW)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Payment succeeded', {}, SLOW)).toBeTruthy();
    expect(wallet.send).toHaveLength(2);
  });

  it('reports a sent transfer again rather than sending a second one when the report failed', async () => {
    const { user, wallet, calls } = await pay({
      answers: (checkout) => [answer(checkout, {})],
      reports: [{ status: 500, body: { error: { code: 'INTERNAL', message: 'Database down' } } }],
    });
    expect(
      await screen.findByText('Something went wrong on our side. Please try again.', {}, SLOW),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.url.pathname.endsWith('/chain-transaction'))).toHaveLength(2),
    );
    expect(wallet.send).toHaveLength(1);
  });

  it('sends a new transfer when the server refused the reported one', async () => {
    const { user, wallet } = await pay({
      answers: (checkout) => [answer(checkout, {})],
      reports: [
        {
          status: 400,
          body: { error: { code: 'CHAIN_TRANSACTION_INVALID', message: 'The transaction failed on chain' } },
        },
        { body: { paymentIntent: makeChainIntent() } },
      ],
    });
    expect(
      await screen.findByText('This transaction does not pay for this checkout.', {}, SLOW),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Payment succeeded', {}, SLOW)).toBeTruthy();
    expect(wallet.send).toHaveLength(2);
  });

  it('names the linked wallet when another account is selected, and Cancel returns to the form', async () => {
    const { user } = await pay({
      answers: (checkout) => [answer(checkout, {})],
      wallet: { send: ['mismatch'] },
    });
    expect(
      await screen.findByText(
        'Your wallet has 0x1212…1212 selected. Switch to 0xf39F…2266, the wallet linked to your account, and try again.',
        {},
        SLOW,
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: 'Pay with your wallet' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Pay' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('keeps the order as it is while the wallet step is open: the add-on and the yearly switch wait for Cancel', async () => {
    const base = makeChainCheckout({ mode: 'subscription' });
    const [line] = base.checkoutSession.line_items;
    const yearly = makePrice({
      id: 'price_yearly',
      currency_id: TST.id,
      type: 'recurring',
      recurring: { interval: 'year', interval_count: 1, usage_type: 'licensed' },
    });
    const checkout = {
      ...base,
      checkoutSession: {
        ...base.checkoutSession,
        line_items: [{ ...line!, upsell_offer: { price: yearly, savings_percent: 18 } }],
      },
    };
    const support = makePrice({
      id: 'price_support',
      product: { ...yearly.product, name: 'Priority support' },
    });
    const { user } = await pay({
      checkout,
      answers: () => [answer(checkout, { action: 'approve', approve_amount: APPROVE_AMOUNT })],
      wallet: { send: ['reject'] },
      routes: [
        {
          method: 'GET',
          path: '/payment-kit/api/checkout-sessions/cs_test_1/cross-sell',
          respond: { body: support },
        },
      ],
    });
    // A change now would void the intent the wallet is paying, and a transfer of the old amount would be refused.
    expect(await screen.findByText('You cancelled the request in your wallet.', {}, SLOW)).toBeTruthy();
    const add = () => screen.getByRole('button', { name: 'Add Priority support' }) as HTMLButtonElement;
    const yearlySwitch = () =>
      screen.getByRole('switch', { name: 'Save with yearly billing' }) as HTMLInputElement;
    expect(add().disabled).toBe(true);
    expect(yearlySwitch().disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(add().disabled).toBe(false));
    expect(yearlySwitch().disabled).toBe(false);
  });

  it('says there is no wallet in this browser and offers only Cancel', async () => {
    const { wallet } = await pay({
      answers: (checkout) => [answer(checkout, {})],
      wallet: { hasWallet: false },
    });
    const step = await screen.findByRole('region', { name: 'Pay with your wallet' }, SLOW);
    expect(await within(step).findByText(/No wallet was found in this browser\./)).toBeTruthy();
    expect(within(step).getByText(/Install a wallet extension such as MetaMask/)).toBeTruthy();
    expect(
      within(step)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Cancel']);
    expect(wallet.send).toHaveLength(0);
  });

  it("lets a guest's donation be paid from any wallet, without a balance to warn about, appearing as they chose", async () => {
    const user = userEvent.setup();
    const checkout = makeChainCheckout({ submit_type: 'donate' });
    const fake = createFakeWallet({ isSendHeld: true });
    const { calls } = renderWithPayment(<CheckoutForm id="cs_test_1" />, {
      routes: chainCheckoutRoutes(checkout, [answer(checkout, { payer: null }, false)]),
      wallet: fake.wallet,
      user: null,
    });
    await user.type(await screen.findByRole('textbox', { name: 'Full name' }, SLOW), 'Ada Lovelace');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    const display = screen.getByRole('radiogroup', { name: 'Show my support as' });
    expect(within(display).getByRole('radio', { name: 'My name and amount' })).toHaveProperty(
      'checked',
      true,
    );
    await user.click(within(display).getByRole('radio', { name: 'Anonymous' }));
    await user.click(screen.getByRole('button', { name: 'Donate' }));
    const step = await screen.findByRole('region', { name: 'Pay with your wallet' }, SLOW);
    const submitted = calls.find((call) => call.url.pathname.endsWith('/cs_test_1/donate-submit'));
    expect(submitted?.body).toMatchObject({ supporter_display: 'anonymous' });
    expect(within(step).queryByText('From')).toBeNull();
    expect(within(step).queryByText(/holds less than/)).toBeNull();
    fake.release();
    expect(await screen.findByText('Thanks for your support', {}, SLOW)).toBeTruthy();
    expect(calls.some((call) => call.url.pathname.endsWith('/cs_test_1/donate-submit'))).toBe(true);
    expect(fake.calls.send[0]!.payer).toBeNull();
  });

  it('reads in Chinese', async () => {
    await pay({ answers: (checkout) => [answer(checkout, {})], wallet: { send: ['reject'] }, locale: 'zh' });
    const step = await screen.findByRole('region', { name: '使用钱包支付' }, SLOW);
    expect(within(step).getByText('网络')).toBeTruthy();
    expect(within(step).getByText('付款地址')).toBeTruthy();
    expect(await within(step).findByText('您已在钱包中取消了请求。')).toBeTruthy();
    expect(within(step).getByRole('button', { name: '重试' })).toBeTruthy();
  });
});
