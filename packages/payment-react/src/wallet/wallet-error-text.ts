import type { Translate } from '@bazaar/i18n';
import { shortAddress, type ChainContext } from '@bazaar/schemas';
import { ApiError } from '../api/api-error.ts';
import { extractErrorText } from '../api/error-text.ts';
import { formatTokenAmount } from '@bazaar/money';
import type { ChainWallet } from '../provider/chain-wallet.ts';

/**
 * What the payer reads when their wallet or the user service refused: a declined request, the
 * wrong account selected, or a user service error code, in the page's language. `wallet` is null
 * when the wallet code itself could not load.
 */
export function walletErrorText(error: unknown, wallet: ChainWallet | null, t: Translate): string {
  if (wallet?.isUserRejection(error)) return t('payment.checkout.wallet.rejected');
  if (wallet && error instanceof wallet.WalletMismatchError) {
    return t('payment.checkout.wallet.mismatch', {
      expected: shortAddress(error.expected),
      actual: shortAddress(error.actual),
    });
  }
  if (wallet && error instanceof wallet.WalletApiError) {
    return extractErrorText(new ApiError(error.status, error.code, error.message), t);
  }
  return extractErrorText(error, t);
}

/**
 * An approval just mined that still falls short (the balance is too low): both chain flows stop
 * there rather than ask for another approval, so the two cannot loop.
 */
export function approvalShortText(chain: ChainContext, t: Translate): string {
  return t('payment.checkout.wallet.approvalShort', { amount: formatTokenAmount(chain.amount, chain.token) });
}

/** The browser has no wallet: what the payer needs to pay on `network`. */
export function walletMissingText(network: string, t: Translate): string {
  return `${t('payment.checkout.wallet.missing')} ${t('payment.checkout.wallet.missingHint', { network })}`;
}
