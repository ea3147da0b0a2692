import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslate } from '@bazaar/payment-react';
import type { CurrencyMetrics } from '@bazaar/schemas';
import { OVERVIEW_RANGES, type OverviewRange } from './overview-ranges.ts';

/** Which stretch of time the overview covers. */
export function RangePicker({
  range,
  onChange,
}: {
  range: OverviewRange;
  onChange: (range: OverviewRange) => void;
}) {
  const t = useTranslate();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={range}
      aria-label={t('payment.admin.overview.range')}
      // A click on the selected button answers null: the range stays.
      onChange={(_, next: OverviewRange | null) => next && onChange(next)}
    >
      {OVERVIEW_RANGES.map((each) => (
        <ToggleButton key={each} value={each} sx={{ textTransform: 'none', px: 1.5 }}>
          {t(`payment.admin.overview.range.${each}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

interface CurrencySelectProps {
  currencies: CurrencyMetrics[];
  currencyId: string;
  onChange: (currencyId: string) => void;
}

/** Which currency's figures the page shows: amounts in different currencies are never added up. */
export function CurrencySelect({ currencies, currencyId, onChange }: CurrencySelectProps) {
  const t = useTranslate();
  return (
    <TextField
      select
      size="small"
      label={t('payment.admin.overview.currency')}
      value={currencyId}
      onChange={(event) => onChange(event.target.value)}
      sx={{ width: 120 }}
    >
      {currencies.map(({ currency }) => (
        <MenuItem key={currency.id} value={currency.id}>
          {currency.symbol}
        </MenuItem>
      ))}
    </TextField>
  );
}
