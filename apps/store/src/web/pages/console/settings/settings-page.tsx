import { useLocale } from '@bazaar/platform-shell';
import { Stack } from '@mui/material';
import { PageHeading } from '../../../components/page-heading.tsx';
import { LoadFailed, Loading } from '../../../components/query-state.tsx';
import { SettingsForm } from './settings-form.tsx';
import { useStoreSettings } from './use-store-settings.ts';

/** `/console/settings`: how developers join, how apps are reviewed and published, how large a bundle may be. */
export function SettingsPage() {
  const { t } = useLocale();
  const settings = useStoreSettings();
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <PageHeading
        title={t('store.console.settings.title')}
        subtitle={t('store.console.settings.subtitle')}
      />
      {settings.data ? (
        <SettingsForm settings={settings.data} />
      ) : settings.error ? (
        <LoadFailed error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <Loading />
      )}
    </Stack>
  );
}
