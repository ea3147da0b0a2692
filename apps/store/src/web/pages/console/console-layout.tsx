import { useShell } from '@bazaar/platform-shell';
import { isStoreAdmin } from '@bazaar/schemas';
import { Button, Stack } from '@mui/material';
import { Suspense } from 'react';
import { Link as RouterLink, Outlet } from 'react-router';
import { Loading } from '../../components/query-state.tsx';
import { StatusPanel } from '@bazaar/payment-react';
import { SectionTabs } from '../../components/section-tabs.tsx';

/**
 * The Store console, for the platform's owners and admins, under one navigation. Anyone else
 * signed in is told 403; the server refuses them all the same.
 */
export function ConsoleLayout() {
  const { t, user } = useShell();
  if (!user) return <Loading />;
  if (!isStoreAdmin(user)) {
    return (
      <StatusPanel headingLevel="h2" title="403" description={t('platform.shell.forbidden')}>
        <Button component={RouterLink} to="/" variant="outlined">
          {t('store.backHome')}
        </Button>
      </StatusPanel>
    );
  }
  return (
    <Stack spacing={3}>
      <SectionTabs
        label={t('store.console.nav.label')}
        tabs={[
          { to: '/console/apps', label: t('store.console.nav.apps') },
          { to: '/console/categories', label: t('store.console.nav.categories') },
          { to: '/console/developers', label: t('store.console.nav.developers') },
          { to: '/console/invitations', label: t('store.console.nav.invitations') },
          { to: '/console/settings', label: t('store.console.nav.settings') },
        ]}
      />
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </Stack>
  );
}
