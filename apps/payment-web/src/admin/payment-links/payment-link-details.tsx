import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { formatDateTimeMinutes, useTranslate } from '@bazaar/payment-react';
import type { AdminPaymentLink } from '@bazaar/schemas';
import { useCurrencies } from '../api/use-prices.ts';
import { DetailList } from '../components/detail-list.tsx';
import { LinkActions } from './link-actions.tsx';
import { LinkItemList } from './link-item-list.tsx';
import { SECONDS_PER_HOUR } from './payment-link-form-values.ts';
import { useCheckoutAddress } from './use-checkout-address.ts';

/**
 * A link's facts: where payers open it, what it sells, how its checkout behaves and ends, and
 * what else it carries; empty ones are left out.
 */
export function PaymentLinkDetails({ link }: { link: AdminPaymentLink }) {
  const t = useTranslate();
  const currencies = useCurrencies().data?.list ?? [];
  const address = useCheckoutAddress()(link.id);
  const currency = currencies.find((each) => each.id === link.currency_id);
  const { after_completion: afterCompletion } = link;
  const trialDays = link.subscription_data?.trial_period_days ?? 0;
  const options = [
    link.phone_number_collection.enabled && t('payment.admin.link.phone'),
    link.billing_address_collection === 'required' && t('payment.admin.link.billingAddress'),
    link.cross_sell_behavior === 'required' && t('payment.admin.link.crossSellRequired'),
  ].filter(Boolean);
  const rows = [
    [t('payment.admin.field.id'), link.id],
    [
      t('payment.admin.link.url'),
      <Box key="address" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
        <Box component="span" sx={{ wordBreak: 'break-all' }}>
          {address}
        </Box>
        <LinkActions name={link.name} address={address} />
      </Box>,
    ],
    // A currency since turned off is not among the active ones: its id stands in.
    [
      t('payment.admin.price.currency'),
      currency ? `${currency.symbol} · ${currency.name}` : link.currency_id,
    ],
    [
      t('payment.admin.link.items'),
      <LinkItemList key="items" items={link.line_items} currencies={currencies} />,
    ],
    [t('payment.admin.link.submitType'), t(`payment.admin.link.submitType.${link.submit_type}`)],
    [t('payment.admin.link.options'), options.join('\n')],
    [t('payment.admin.link.trialDays'), trialDays > 0 ? String(trialDays) : ''],
    [
      t('payment.admin.link.afterCompletion'),
      t(`payment.admin.link.afterCompletion.${afterCompletion.type}`),
    ],
    [
      t('payment.admin.link.confirmationMessage'),
      afterCompletion.type === 'hosted_confirmation'
        ? (afterCompletion.hosted_confirmation?.custom_message ?? '')
        : '',
    ],
    [
      t('payment.admin.link.redirectUrl'),
      afterCompletion.type === 'redirect' && afterCompletion.redirect ? (
        <Link key="redirect" href={afterCompletion.redirect.url} target="_blank" rel="noopener">
          {afterCompletion.redirect.url}
        </Link>
      ) : null,
    ],
    [t('payment.admin.link.expiresAfter'), String(link.expires_after_seconds / SECONDS_PER_HOUR)],
    [t('payment.admin.link.donation'), link.donation_settings ? t('payment.admin.link.donationOn') : ''],
    [
      t('payment.admin.link.metadata'),
      Object.entries(link.metadata)
        .map(([key, value]) => `${key}: ${value}`)
        .join('\n'),
    ],
    [t('payment.admin.field.created'), formatDateTimeMinutes(link.created_at)],
  ] as const;
  return <DetailList rows={rows} />;
}
