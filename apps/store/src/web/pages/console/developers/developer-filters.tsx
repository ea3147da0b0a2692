import { useLocale } from '@bazaar/platform-shell';
import { DEVELOPER_STATUSES, type DeveloperStatus } from '@bazaar/schemas';
import { Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';

interface DeveloperFiltersProps {
  status: DeveloperStatus | '';
  search: string;
  onStatusChange(status: DeveloperStatus | ''): void;
  onSearchChange(search: string): void;
}

/** Which developers the list shows: by status, and by part of a name or DID. */
export function DeveloperFilters({ status, search, onStatusChange, onSearchChange }: DeveloperFiltersProps) {
  const { t } = useLocale();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={status}
        onChange={(_event, next: DeveloperStatus | '' | null) => onStatusChange(next ?? '')}
        aria-label={t('store.console.developers.column.status')}
      >
        <ToggleButton value="">{t('store.console.developers.filter.all')}</ToggleButton>
        {DEVELOPER_STATUSES.map((each) => (
          <ToggleButton key={each} value={each}>
            {t(`store.console.developers.status.${each}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <TextField
        size="small"
        type="search"
        label={t('store.console.developers.filter.search')}
        value={search}
        onChange={(event) => onSearchChange(event.target.value)}
        sx={{ minWidth: { sm: 280 } }}
      />
    </Stack>
  );
}
