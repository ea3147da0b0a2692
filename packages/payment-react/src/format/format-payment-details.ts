import type { ChainPaymentDetails } from '@bazaar/schemas';

const CARD_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
};

/** Card networks keep their own names in every language: `visa` → `Visa`. */
export function cardBrandName(brand: string): string {
  return CARD_BRANDS[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

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
