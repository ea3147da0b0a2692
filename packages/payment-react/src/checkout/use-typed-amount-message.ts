import type { CustomAmountCheck } from '@bazaar/money';
import type { PaymentCurrency } from '@bazaar/schemas';
import { formatMoney } from '@bazaar/money';
import { useTranslate } from '../provider/payment-context.ts';

/** Why a typed amount is refused, in the payer's language; null when it is fine. */
export function useTypedAmountMessage(check: CustomAmountCheck, currency: PaymentCurrency): string | null {
  const t = useTranslate();
  if (check.ok) return null;
  switch (check.code) {
    case 'AMOUNT_INVALID':
      return t('payment.checkout.donation.invalid');
    case 'amountPrecisionLimit':
      return t('payment.checkout.donation.precision', { count: check.maximumPrecision });
    case 'amountOutOfRange':
      return t('payment.checkout.donation.outOfRange', {
        min: formatMoney(check.min, currency),
        max: check.max === null ? '∞' : formatMoney(check.max, currency),
      });
    default:
      return check satisfies never;
  }
}
