import { useLocale } from '@bazaar/platform-shell';
import { APP_VERSION_STATUSES, type AppVersionStatus } from '@bazaar/schemas';
import { TextField } from '@mui/material';

interface AppStatusFilterProps {
  status: AppVersionStatus | '';
  onChange(status: AppVersionStatus | ''): void;
}

/** Which apps the queue shows, by their latest version's status; a native select, easy on a phone. */
export function AppStatusFilter({ status, onChange }: AppStatusFilterProps) {
  const { t } = useLocale();
  return (
    <TextField
      select
      size="small"
      label={t('store.apps.filter.status')}
      value={status}
      onChange={(event) => onChange(event.target.value as AppVersionStatus | '')}
      slotProps={{ select: { native: true } }}
      sx={{ minWidth: { sm: 240 }, alignSelf: { sm: 'flex-start' } }}
    >
      <option value="">{t('store.apps.filter.all')}</option>
      {APP_VERSION_STATUSES.map((each) => (
        <option key={each} value={each}>
          {t(`store.apps.status.${each}`)}
        </option>
      ))}
    </TextField>
  );
}
