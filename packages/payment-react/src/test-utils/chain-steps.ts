import { expect } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { WALLET_BIND_RETRY_MS } from '../wallet/wallet-machine.ts';
import type { StubAnswer } from './fetch-stub.ts';

const SLOW = { timeout: 4_000 };

/**
 * The signed-in payer's details fill the checkout form (the name field reads theirs), then they
 * press its pay button (`action`: Pay, or Subscribe for a subscription; 支付 in Chinese).
 */
export async function pressPayOnceFilled(user: UserEvent, locale = 'en', action = 'Pay') {
  const name = locale === 'en' ? 'Full name' : '姓名';
  await waitFor(
    () => expect((screen.getByRole('textbox', { name }) as HTMLInputElement).value).toBe('Ada Lovelace'),
    SLOW,
  );
  await user.click(screen.getByRole('button', { name: locale === 'en' ? action : '支付' }));
}

/** The server's answer to a payment by a payer with no wallet linked to their account. */
export const WALLET_REQUIRED: StubAnswer = {
  status: 409,
  body: { error: { code: 'WALLET_REQUIRED', message: 'Bind a wallet before paying with this method' } },
};

/**
 * The bind-wallet dialog opens for the Ethereum (local) method; the payer connects their wallet
 * and the dialog says it is linked. Answers when that was said.
 */
export async function linkWalletInDialog(user: UserEvent): Promise<number> {
  const dialog = await screen.findByRole('dialog', { name: 'Connect a wallet' }, SLOW);
  expect(
    within(dialog).getByText(
      'Paying with Ethereum (local) needs a wallet linked to your account. Your wallet will ask you to sign a message; this costs nothing.',
    ),
  ).toBeTruthy();
  await user.click(within(dialog).getByRole('button', { name: 'Connect wallet' }));
  expect(await within(dialog).findByText('Wallet linked', {}, SLOW)).toBeTruthy();
  return Date.now();
}

/** The payment runs again by itself (`calls` grows to two), WALLET_BIND_RETRY_MS after `linkedAt`. */
export async function expectPaidAgainAfterLinking(calls: () => unknown[], linkedAt: number) {
  await waitFor(() => expect(calls()).toHaveLength(2), { timeout: WALLET_BIND_RETRY_MS + 2_000 });
  expect(Date.now() - linkedAt).toBeGreaterThanOrEqual(WALLET_BIND_RETRY_MS - 100);
}
