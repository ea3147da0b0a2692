import { createTranslator, type Translate } from '@bazaar/i18n';
import { DEMO_CHAIN } from '@bazaar/payment-server';
import type { BrowserContext, Page } from 'playwright-core';
import { createPublicClient, createWalletClient, erc20Abi, http, parseUnits, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  openBrowser,
  PHONE,
  saveSettledScreenshot,
  startPlatform,
  type RunningPlatform,
} from './harness.ts';
import { checkoutUrl, E2E_TIMEOUT, signInFromCheckout } from './steps.ts';
import { injectWallet, type InjectedWallet } from './wallet.ts';

const TIMEOUT = E2E_TIMEOUT;
const en = createTranslator('en');
const LINKS = { oneTime: 'plink_demo_onetime', subscription: 'plink_demo_subscription' };
const NETWORK = 'Local Ethereum';
const TOKEN = DEMO_CHAIN.tokenAddress;
const VAULT = privateKeyToAccount(DEMO_CHAIN.vaultKey).address;
const tusd = (amount: string) => parseUnits(amount, DEMO_CHAIN.decimals);
/** What a subscription asks the wallet to approve: the first month and 12 renewals of 9.99 TUSD. */
const SUBSCRIPTION_APPROVAL = tusd('129.87');

let platform: RunningPlatform;
let chain: NonNullable<RunningPlatform['chain']>;
let chainClient: ReturnType<typeof createPublicClient>;

beforeAll(async () => {
  platform = await startPlatform({ withDemoChain: true });
  chain = platform.chain!;
  chainClient = createPublicClient({ transport: http(chain.rpcUrl) });
});
afterAll(async () => {
  await platform?.close();
});

async function shot(page: Page, name: string) {
  await saveSettledScreenshot(page, `chain-${name}`);
}

const balanceOf = (owner: Address) =>
  chainClient.readContract({ address: TOKEN, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });

const allowanceOf = (owner: Address) =>
  chainClient.readContract({
    address: TOKEN,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [owner, VAULT],
  });

/**
 * A browser whose wallet holds development account `accountIndex` (1..8 hold TUSD): each
 * journey its own account, so no allowance or binding carries over from another.
 */
async function openWithWallet(
  accountIndex: number,
  viewport = DESKTOP,
  locale = 'en',
): Promise<{ context: BrowserContext; page: Page; wallet: InjectedWallet; submits: number[] }> {
  const { context, page } = await openBrowser(viewport, locale === 'zh' ? 'zh-CN' : 'en-US');
  const wallet = await injectWallet(context, {
    privateKey: chain.accounts[accountIndex]!.privateKey,
    rpcUrl: chain.rpcUrl,
    chainId: chain.chainId,
  });
  // Each submit's status, to tell a fast path (one 200) from a bind (409 first) or an approval (two).
  const submits: number[] = [];
  page.on('response', (response) => {
    if (/\/checkout-sessions\/cs_\w+\/submit/.test(response.url())) submits.push(response.status());
  });
  return { context, page, wallet, submits };
}

/** A guest follows "Connect and {action}" and signs in on the login page with their wallet. */
async function signInWithWalletFromCheckout(page: Page, link: string, action: string) {
  await page.goto(checkoutUrl(platform, link));
  await page.getByRole('button', { name: en('payment.checkout.action.connect', { action }) }).click(TIMEOUT);
  await page.getByRole('button', { name: en('platform.login.wallet.button') }).click(TIMEOUT);
  await page.waitForURL(/\/payment-kit\/checkout\/pay\/cs_/, TIMEOUT);
}

/** Chooses the demo chain's TUSD among the payment options and names the payer. */
async function chooseTusd(page: Page, t: Translate, email: string) {
  const option = page.getByRole('radio', { name: new RegExp(NETWORK) });
  await option.click(TIMEOUT);
  await expect.poll(() => option.getAttribute('aria-checked'), TIMEOUT).toBe('true');
  await page.getByLabel(t('payment.checkout.form.name')).fill('Wei Wallet');
  await page.getByLabel(t('payment.checkout.form.email')).fill(email);
}

const actionButton = (page: Page, t: Translate, action: 'pay' | 'subscribe') =>
  page.getByRole('button', { name: t(`payment.checkout.action.${action}`), exact: true });

const walletStep = (page: Page, t: Translate) =>
  page.getByRole('region', { name: t('payment.checkout.wallet.title') });

/** Opens the success panel's link and waits for the page it leads to. */
async function follow(page: Page, t: Translate, label: 'viewInvoice' | 'viewSubscription') {
  await page.getByRole('link', { name: t(`payment.checkout.completed.${label}`) }).click(TIMEOUT);
  const path = label === 'viewInvoice' ? 'invoice/in_' : 'subscription/sub_';
  await page.waitForURL(new RegExp(`/payment-kit/customer/${path}`), TIMEOUT);
}

describe('paying by chain in Chromium, on a real local chain', () => {
  it.each([
    { locale: 'en', viewport: DESKTOP, device: 'desktop', account: 1 },
    { locale: 'zh', viewport: PHONE, device: 'phone', account: 5 },
  ])(
    'an email-signed-in payer links their wallet and pays the license by a TUSD transfer ($locale, $device)',
    async ({ locale, viewport, device, account }) => {
      const t = createTranslator(locale);
      const suffix = `${locale}-${device}`;
      const email = `chain-license-${locale}@example.com`;
      const { context, page, wallet, submits } = await openWithWallet(account, viewport, locale);
      try {
        const before = { payer: await balanceOf(wallet.address), vault: await balanceOf(VAULT) };
        await signInFromCheckout(page, platform, t, {
          link: LINKS.oneTime,
          action: t('payment.checkout.action.pay'),
          email,
          locale,
        });
        await chooseTusd(page, t, email);
        expect(await page.getByTestId('total-due').textContent(TIMEOUT)).toBe('19.99 TUSD');
        await actionButton(page, t, 'pay').click();

        const dialog = page.getByRole('dialog', { name: t('payment.checkout.wallet.bind.title') });
        await dialog
          .getByText(t('payment.checkout.wallet.bind.description', { network: NETWORK }))
          .waitFor(TIMEOUT);
        await shot(page, `bind-dialog-${suffix}`);
        await dialog.getByRole('button', { name: t('payment.checkout.wallet.bind.connect') }).click();
        await dialog.getByText(t('payment.checkout.wallet.bind.bound'), { exact: true }).waitFor(TIMEOUT);
        // The person reads the transfer in their wallet before confirming it.
        const confirmTransfer = wallet.holdPrompts();
        await shot(page, `bind-linked-${suffix}`);

        // Nobody clicks: the same submit runs again once the wallet is linked, and the wallet is asked.
        const step = walletStep(page, t);
        await step.getByRole('button', { name: t('payment.checkout.wallet.confirming') }).waitFor(TIMEOUT);
        await step.getByText(t('payment.checkout.wallet.transferNotice', { amount: '19.99 TUSD' })).waitFor();
        expect(await dialog.count()).toBe(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
        await shot(page, `wallet-step-transfer-${suffix}`);
        confirmTransfer();
        await page.getByText(t('payment.checkout.completed.payment')).waitFor(TIMEOUT);
        await shot(page, `paid-${suffix}`);
        expect(submits).toEqual([409, 200]);
        expect(wallet.calls.filter((method) => method === 'eth_sendTransaction')).toHaveLength(1);
        expect(await balanceOf(wallet.address)).toBe(before.payer - tusd('19.99'));
        expect(await balanceOf(VAULT)).toBe(before.vault + tusd('19.99'));

        await follow(page, t, 'viewInvoice');
        await page.getByText(t('payment.invoice.status.paid'), { exact: true }).waitFor(TIMEOUT);
        await page.getByText('19.99 TUSD').first().waitFor(TIMEOUT);
        // On a phone the test-mode badge wraps under the title and starts where the title starts.
        const titleBox = await page.getByRole('heading', { level: 1 }).boundingBox();
        const badgeBox = await page.getByText(t('common.testMode'), { exact: true }).boundingBox();
        if (device === 'phone') {
          expect(badgeBox!.y).toBeGreaterThanOrEqual(titleBox!.y + titleBox!.height);
          expect(badgeBox!.x).toBe(titleBox!.x);
        }
        await shot(page, `invoice-${suffix}`);
      } finally {
        await context.close();
      }
    },
  );

  it('a wallet-signed-in payer who approved the vault before subscribes with no wallet prompt (fast path)', async () => {
    const { context, page, wallet, submits } = await openWithWallet(2);
    try {
      const payer = chain.accounts[2]!;
      const payerWallet = createWalletClient({
        account: privateKeyToAccount(payer.privateKey),
        transport: http(chain.rpcUrl),
      });
      const approval = await payerWallet.writeContract({
        chain: null,
        address: TOKEN,
        abi: erc20Abi,
        functionName: 'approve',
        args: [VAULT, SUBSCRIPTION_APPROVAL],
      });
      await chainClient.waitForTransactionReceipt({ hash: approval });
      const vaultBefore = await balanceOf(VAULT);

      const subscribe = en('payment.checkout.action.subscribe');
      await signInWithWalletFromCheckout(page, LINKS.subscription, subscribe);
      await chooseTusd(page, en, 'chain-fast@example.com');
      expect(await page.getByTestId('total-due').textContent(TIMEOUT)).toBe('9.99 TUSD');
      await actionButton(page, en, 'subscribe').click();
      await page.getByText(en('payment.checkout.completed.subscription')).waitFor(TIMEOUT);
      await page.getByRole('link', { name: en('payment.checkout.completed.viewSubscription') }).waitFor();
      await shot(page, 'fast-path-subscribed-en-desktop');

      // Signed in with the wallet: no binding; the vault pulled on the approval: the wallet was not asked to send.
      expect(submits).toEqual([200]);
      expect(wallet.calls).not.toContain('eth_sendTransaction');
      expect(wallet.calls.filter((method) => method === 'personal_sign')).toHaveLength(1);
      expect(await balanceOf(VAULT)).toBe(vaultBefore + tusd('9.99'));
      expect(await allowanceOf(wallet.address)).toBe(SUBSCRIPTION_APPROVAL - tusd('9.99'));
    } finally {
      await context.close();
    }
  });

  it('a fresh payer subscribes by approving the vault in their wallet, and the subscription is active', async () => {
    const { context, page, wallet, submits } = await openWithWallet(3);
    try {
      const subscribe = en('payment.checkout.action.subscribe');
      await signInWithWalletFromCheckout(page, LINKS.subscription, subscribe);
      await chooseTusd(page, en, 'chain-approve@example.com');
      const confirmApproval = wallet.holdPrompts();
      await actionButton(page, en, 'subscribe').click();
      const step = walletStep(page, en);
      await step
        .getByText(en('payment.checkout.wallet.approveNotice', { amount: '129.87 TUSD' }))
        .waitFor(TIMEOUT);
      await shot(page, 'wallet-step-approve-en-desktop');
      confirmApproval();

      // The approval mined, the page submits again and the vault pulls the first month.
      await page.getByText(en('payment.checkout.completed.subscription')).waitFor(TIMEOUT);
      expect(submits).toEqual([200, 200]);
      expect(await allowanceOf(wallet.address)).toBe(SUBSCRIPTION_APPROVAL - tusd('9.99'));
      await follow(page, en, 'viewSubscription');
      await page.getByText(en('payment.subscription.status.active'), { exact: true }).waitFor(TIMEOUT);
      await shot(page, 'subscription-active-en-desktop');
    } finally {
      await context.close();
    }
  });

  it('a transfer declined in the wallet shows why, and Try again pays once', async () => {
    const { context, page, wallet } = await openWithWallet(4);
    try {
      const before = await balanceOf(wallet.address);
      await signInWithWalletFromCheckout(page, LINKS.oneTime, en('payment.checkout.action.pay'));
      await chooseTusd(page, en, 'chain-decline@example.com');
      wallet.setRejecting(true);
      await actionButton(page, en, 'pay').click();
      const step = walletStep(page, en);
      await step.getByRole('alert').getByText(en('payment.checkout.wallet.rejected')).waitFor(TIMEOUT);
      await shot(page, 'wallet-declined-en-desktop');
      // A changed order would void the intent the wallet pays: the add-on waits for the payment to end.
      expect(await page.getByRole('button', { name: /Priority support/ }).isDisabled()).toBe(true);

      wallet.setRejecting(false);
      await step.getByRole('button', { name: en('common.retry') }).click();
      await page.getByText(en('payment.checkout.completed.payment')).waitFor(TIMEOUT);
      expect(await balanceOf(wallet.address)).toBe(before - tusd('19.99'));
    } finally {
      await context.close();
    }
  });
});
