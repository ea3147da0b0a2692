import { formatMoney } from '@bazaar/money';
import { formatRecurring } from '@bazaar/payment-react';
import type { Translate } from '@bazaar/i18n';
import type { AdminPaymentCurrency, AdminPrice } from '@bazaar/schemas';

/** A price as a picker names it: its product, then its nickname or else what it charges (`Bazaar T-shirt · $19.99`). */
export function priceLabel(price: AdminPrice, currencies: AdminPaymentCurrency[], t: Translate): string {
  return `${price.product.name} · ${price.nickname || describePrice(price, currencies, t)}`;
}

/**
 * A price in a few words for a list: `$19.99 per month`, `€4.99 · $5.00`, `Customer chooses`,
 * `Tiered (graduated) per month, metered`. Amounts need their currencies; an unknown one shows its raw units.
 */
export function describePrice(price: AdminPrice, currencies: AdminPaymentCurrency[], t: Translate): string {
  const money = (units: string, currencyId: string) => {
    const currency = currencies.find((each) => each.id === currencyId);
    return currency ? formatMoney(units, currency) : units;
  };
  const amount = (() => {
    if (price.billing_scheme === 'tiered')
      return t('payment.admin.price.tiered', {
        mode: t(`payment.admin.price.tiersModeName.${price.tiers_mode ?? 'graduated'}`),
      });
    if (price.custom_unit_amount) return t('payment.admin.price.customAmount');
    // A fixed price's other currencies follow its own.
    return [
      money(price.unit_amount ?? '0', price.currency_id),
      ...price.currency_options.flatMap((option) =>
        option.unit_amount ? [money(option.unit_amount, option.currency_id)] : [],
      ),
    ].join(' · ');
  })();
  if (!price.recurring) return amount;
  const period = `${amount} ${formatRecurring(price.recurring, t)}`;
  return price.recurring.usage_type === 'metered' ? `${period}, ${t('payment.admin.price.metered')}` : period;
}
