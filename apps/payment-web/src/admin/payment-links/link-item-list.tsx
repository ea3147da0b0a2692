import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from '@bazaar/payment-react';
import type { AdminPaymentCurrency, AdminPaymentLink } from '@bazaar/schemas';
import { usePrice } from '../api/use-prices.ts';
import { priceLabel } from '../prices/price-summary.ts';

type LinkItem = AdminPaymentLink['line_items'][number];

interface LinkItemListProps {
  items: LinkItem[];
  /** The mode's currencies, to name the prices' amounts. */
  currencies: AdminPaymentCurrency[];
}

/** What a link sells, a line a price: as its picker names it, how many, and what the payer may do with it. */
export function LinkItemList({ items, currencies }: LinkItemListProps) {
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.75 }}>
      {items.map((item) => (
        <LinkItemLine key={item.price_id} item={item} currencies={currencies} />
      ))}
    </Box>
  );
}

function LinkItemLine({ item, currencies }: { item: LinkItem; currencies: AdminPaymentCurrency[] }) {
  const t = useTranslate();
  const price = usePrice(item.price_id).data;
  const bounds = item.adjustable_quantity;
  const notes = [
    bounds?.enabled &&
      t('payment.admin.link.adjustableRange', { minimum: bounds.minimum, maximum: bounds.maximum }),
    item.cross_sell && t('payment.admin.link.crossSell'),
    // The checkout refuses a price no longer on sale; the admin sees why here.
    price?.active === false && t('payment.admin.status.archived'),
  ].filter(Boolean);
  return (
    <li>
      {t('payment.admin.link.itemQuantity', {
        // The id stands in while the price loads, or if it cannot.
        price: price ? priceLabel(price, currencies, t) : item.price_id,
        quantity: item.quantity,
      })}
      {notes.length > 0 ? (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {notes.join(' · ')}
        </Typography>
      ) : null}
    </li>
  );
}
