import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslate } from '@bazaar/payment-react';
import type { ServerGrid } from './use-server-grid.ts';

interface GridSelectFilterProps {
  grid: ServerGrid;
  /** The list endpoint's filter parameter. */
  field: string;
  /** Each value the filter takes, with its label; "All" (no filter) comes first by itself. */
  options: readonly { value: string; label: string }[];
  /** What the filter is of, and what "no filter" says; a status unless told. */
  label?: string;
  allLabel?: string;
}

/** A list's one-of filter above its grid, kept in the address with the grid's other state. */
export function GridSelectFilter({ grid, field, options, label, allLabel }: GridSelectFilterProps) {
  const t = useTranslate();
  return (
    <TextField
      select
      size="small"
      label={label ?? t('payment.admin.status.label')}
      value={grid.filterValue(field)}
      onChange={(event) => grid.setFilterValue(field, event.target.value)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ width: { sm: 200 } }}
    >
      <MenuItem value="">{allLabel ?? t('payment.admin.status.all')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
