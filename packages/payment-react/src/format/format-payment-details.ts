import type { ChainPaymentDetails } from '@bazaar/schemas';

/**
 * Where the transaction is shown on its chain's explorer (`{explorer}/tx/{hash}`, as on Etherscan
 * and Basescan); null for a chain without one, such as the local demo chain.
 */
export function transactionUrl(
  details: Pick<ChainPaymentDetails, 'tx_hash' | 'explorer_host'>,
): string | null {
  const explorer = details.explorer_host.trim().replace(/\/+$/, '');
  return explorer ? `${explorer}/tx/${details.tx_hash}` : null;
}
