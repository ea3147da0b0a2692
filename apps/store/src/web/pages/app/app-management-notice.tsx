import { useLocale, useShell } from '@bazaar/platform-shell';
import type { AppPage } from '@bazaar/schemas';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { BlockedAppNotice } from '../../components/apps/blocked-app-notice.tsx';
import { VersionStatusChip } from '../../components/apps/version-status-chip.tsx';
import { appPath } from '../../components/apps/use-apps.ts';

type Management = NonNullable<AppPage['management']>;

/** Where its manager reviews the app: the developer's page for its owner, the console's for an admin. */
function ManageButton({ app }: { app: AppPage }) {
  const { t, user } = useShell();
  const area = user?.did === app.ownerDid ? 'developer' : 'console';
  return (
    <Button component={RouterLink} to={appPath(area, app.did)} color="inherit" size="small">
      {t('store.visitor.manage.action')}
    </Button>
  );
}

/** The review status only managers see: the latest upload's, and whether this version is published. */
function ReviewStatusNotice({ app, management }: { app: AppPage; management: Management }) {
  const { t } = useLocale();
  return (
    <Alert severity="info" action={<ManageButton app={app} />}>
      <Stack spacing={0.5}>
        <Typography variant="body2">{t('store.visitor.manage.onlyManagers')}</Typography>
        {management.latestVersion && management.latestStatus ? (
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2">
              {t('store.visitor.manage.latest', { version: management.latestVersion })}
            </Typography>
            <VersionStatusChip status={management.latestStatus} />
          </Stack>
        ) : null}
        {app.currentVersion === null ? (
          <Typography variant="body2">{t('store.visitor.manage.notPublished')}</Typography>
        ) : null}
        {app.status !== 'published' && app.currentVersion !== null ? (
          <Typography variant="body2">
            {t('store.visitor.manage.viewingUnpublished', { version: app.version })}
          </Typography>
        ) : null}
      </Stack>
    </Alert>
  );
}

/**
 * What the app's owner and the Store's admins see above its page: that an admin blocked it (the
 * spec's "app has been blocked by store admin", with the reason), and how its review stands.
 */
export function AppManagementNotice({ app }: { app: AppPage }) {
  const { management } = app;
  if (!management) return null;
  return (
    <Stack spacing={2}>
      {app.isBlocked ? (
        <BlockedAppNotice app={{ blockedReason: management.blockedReason, blockedAt: null }} />
      ) : null}
      <ReviewStatusNotice app={app} management={management} />
    </Stack>
  );
}
