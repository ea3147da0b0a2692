import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import { ActiveFilter } from './active-filter.tsx';
import { GridSearchField } from './grid-search-field.tsx';
import type { ServerGrid } from './use-server-grid.ts';

interface GridFilterBarProps {
  grid: ServerGrid;
  /** The list's filter beside the search; a catalogue list's active/archived one unless told. */
  filter?: ReactNode;
}

/** Above a list: its search and its filter (stacked on a phone). */
export function GridFilterBar({ grid, filter = <ActiveFilter grid={grid} /> }: GridFilterBarProps) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
      <GridSearchField grid={grid} />
      {filter}
    </Stack>
  );
}
