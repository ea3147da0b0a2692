import Typography from '@mui/material/Typography';
import { formatMoney } from '@bazaar/payment-react';
import type { CustomerCredit } from '@bazaar/schemas';
import { OwnedRow, OwnedRows } from './owned-row.tsx';

/** The credit the customer holds, one row a currency. */
export function CustomerCreditList({ credit }: { credit: CustomerCredit[] }) {
  return (
    <OwnedRows>
      {credit.map((balance) => (
        <OwnedRow key={balance.currency_id}>
          <Typography variant="body2" sx={{ flex: 1 }}>
            {balance.currency.name}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 96, textAlign: 'right' }}>
            {formatMoney(balance.amount, balance.currency)}
          </Typography>
        </OwnedRow>
      ))}
    </OwnedRows>
  );
}
