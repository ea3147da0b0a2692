import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslate } from '@bazaar/payment-react';
import type { ServerGrid } from './use-server-grid.ts';

/** The list endpoints' `active` filter: all, active only, or archived only. */
export const ACTIVE_FILTER_FIELD = 'active';

export function ActiveFilter({ grid }: { grid: ServerGrid }) {
  const t = useTranslate();
  return (
    <TextField
      select
      size="small"
      label={t('payment.admin.status.label')}
      value={grid.filterValue(ACTIVE_FILTER_FIELD)}
      onChange={(event) => grid.setFilterValue(ACTIVE_FILTER_FIELD, event.target.value)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ width: { sm: 180 } }}
    >
      <MenuItem value="">{t('payment.admin.status.all')}</MenuItem>
      <MenuItem value="true">{t('payment.admin.status.active')}</MenuItem>
      <MenuItem value="false">{t('payment.admin.status.archived')}</MenuItem>
    </TextField>
  );
}
