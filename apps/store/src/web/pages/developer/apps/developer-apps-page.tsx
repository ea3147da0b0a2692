import { useLocale } from '@bazaar/platform-shell';
import { Stack } from '@mui/material';
import { PageHeading } from '../../../components/page-heading.tsx';
import { DeveloperGate } from '../developer-gate.tsx';
import { DeveloperAppsSection } from './developer-apps-section.tsx';

/** `/developer/apps`: the apps the developer uploaded, each opening its review. */
export function DeveloperAppsPage() {
  const { t } = useLocale();
  return (
    <Stack spacing={3}>
      <PageHeading title={t('store.apps.developer.title')} subtitle={t('store.apps.developer.subtitle')} />
      <DeveloperGate>
        <DeveloperAppsSection />
      </DeveloperGate>
    </Stack>
  );
}
