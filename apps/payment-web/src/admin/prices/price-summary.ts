import { formatMoney } from '@bazaar/money';
import { formatRecurring } from '@bazaar/payment-react';
import type { Translate } from '@bazaar/i18n';
import type { AdminPaymentCurrency, AdminPrice } from '@bazaar/schemas';

/**
 * A price in a few words for a list: `$19.99 per month`, `Customer chooses`, `Tiered (graduated) per
 * month, metered`. The amount needs the price's currency; without it the raw units show.
 */
export function describePrice(
  price: AdminPrice,
  currency: AdminPaymentCurrency | undefined,
  t: Translate,
): string {
  const amount = (() => {
    if (price.billing_scheme === 'tiered')
      return t('payment.admin.price.tiered', {
        mode: t(`payment.admin.price.tiersModeName.${price.tiers_mode ?? 'graduated'}`),
      });
    if (price.custom_unit_amount) return t('payment.admin.price.customAmount');
    const units = price.unit_amount ?? '0';
    return currency ? formatMoney(units, currency) : units;
  })();
  if (!price.recurring) return amount;
  const period = `${amount} ${formatRecurring(price.recurring, t)}`;
  return price.recurring.usage_type === 'metered' ? `${period}, ${t('payment.admin.price.metered')}` : period;
}
