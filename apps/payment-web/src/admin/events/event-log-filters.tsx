import Stack from '@mui/material/Stack';
import { useTranslate } from '@bazaar/payment-react';
import { EVENT_OBJECT_TYPES, EVENT_TYPES } from '@bazaar/schemas';
import { GridSearchField } from '../data-grid/grid-search-field.tsx';
import { GridSelectFilter } from '../data-grid/grid-select-filter.tsx';
import type { ServerGrid } from '../data-grid/use-server-grid.ts';

export const EVENT_TYPE_FIELD = 'type';
export const EVENT_OBJECT_TYPE_FIELD = 'object_type';

// Types are the API's names, as receivers see them in every language (Stripe shows them so too).
const TYPE_OPTIONS = EVENT_TYPES.map((type) => ({ value: type, label: type }));
const OBJECT_TYPE_OPTIONS = EVENT_OBJECT_TYPES.map((type) => ({ value: type, label: type }));

/** Above the event log: an object's ID, and the type of event or of object (stacked on a phone). */
export function EventLogFilters({ grid }: { grid: ServerGrid }) {
  const t = useTranslate();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
      <GridSearchField grid={grid} label={t('payment.admin.events.searchObject')} />
      <GridSelectFilter
        grid={grid}
        field={EVENT_TYPE_FIELD}
        options={TYPE_OPTIONS}
        label={t('payment.admin.events.type')}
        allLabel={t('payment.admin.events.allTypes')}
      />
      <GridSelectFilter
        grid={grid}
        field={EVENT_OBJECT_TYPE_FIELD}
        options={OBJECT_TYPE_OPTIONS}
        label={t('payment.admin.events.objectType')}
        allLabel={t('payment.admin.events.allObjects')}
      />
    </Stack>
  );
}
