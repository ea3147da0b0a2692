import { useLocale } from '@bazaar/platform-shell';
import { Stack } from '@mui/material';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Loading } from '../../components/query-state.tsx';
import { SectionTabs } from '../../components/section-tabs.tsx';

/** The developer's pages under one navigation: their apps and their access tokens. */
export function DeveloperLayout() {
  const { t } = useLocale();
  return (
    <Stack spacing={3}>
      <SectionTabs
        label={t('store.developer.nav.label')}
        tabs={[
          { to: '/developer/apps', label: t('store.developer.nav.apps') },
          { to: '/developer/access-tokens', label: t('store.developer.nav.accessTokens') },
        ]}
      />
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </Stack>
  );
}
