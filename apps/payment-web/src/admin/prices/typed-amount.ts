import { AmountError, parseAmount } from '@bazaar/money';
import type { Translate } from '@bazaar/i18n';

/**
 * An amount typed in a currency's units (`19.99`) as its smallest unit, exactly (never through a
 * float), or what is wrong with it: not a non-negative number, or more decimals than the currency has.
 */
export function readTypedAmount(
  text: string,
  decimals: number,
  t: Translate,
): { units: bigint } | { message: string } {
  try {
    const units = parseAmount(text, decimals);
    if (units < 0n) throw new AmountError('AMOUNT_INVALID', text);
    return { units };
  } catch (error) {
    const isTooPrecise = error instanceof AmountError && error.code === 'AMOUNT_TOO_PRECISE';
    return {
      message: isTooPrecise
        ? t('payment.admin.price.error.precision', { decimals })
        : t('payment.admin.price.error.amount'),
    };
  }
}
