import Stack from '@mui/material/Stack';
import { ActiveFilter } from './active-filter.tsx';
import { GridSearchField } from './grid-search-field.tsx';
import type { ServerGrid } from './use-server-grid.ts';

/** Above a catalogue list: its search and its active/archived filter (stacked on a phone). */
export function GridFilterBar({ grid }: { grid: ServerGrid }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
      <GridSearchField grid={grid} />
      <ActiveFilter grid={grid} />
    </Stack>
  );
}
