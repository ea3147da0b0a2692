import { useLocale } from '@bazaar/platform-shell';
import type { AppPrice } from '@bazaar/schemas';
import { Chip } from '@mui/material';

/** `formatAppPrice({ amount: '9.99', currency: 'USD' })` → `'9.99 USD'`, as the manifest states it. */
export function formatAppPrice(price: NonNullable<AppPrice>): string {
  return `${price.amount} ${price.currency}`;
}

/** "Free", or what the app costs. */
export function AppPriceChip({ price, size = 'small' }: { price: AppPrice; size?: 'small' | 'medium' }) {
  const { t } = useLocale();
  return price ? (
    <Chip size={size} color="primary" variant="outlined" label={formatAppPrice(price)} />
  ) : (
    <Chip size={size} color="success" variant="outlined" label={t('store.visitor.price.free')} />
  );
}
