import type { Translate } from '@bazaar/i18n';
import type { AppListItem } from '@bazaar/schemas';
import { Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { DataColumn } from '../data-table.tsx';
import { AppIdentity } from './app-identity.tsx';
import { ShortDid } from './short-did.tsx';
import { VersionStatusChip } from './version-status-chip.tsx';
import { waitingText } from './waiting-time.ts';

/** The columns both app lists open with: the app (its title links to its page) and its DID. */
export function appColumns(
  t: Translate,
  detailPath: (did: string) => string,
): Array<DataColumn<AppListItem>> {
  return [
    {
      id: 'app',
      label: t('store.apps.column.app'),
      render: ({ app }) => (
        <AppIdentity
          app={app}
          renderTitle={(title) => (
            <Link component={RouterLink} to={detailPath(app.did)} underline="hover" color="inherit">
              {title}
            </Link>
          )}
        />
      ),
    },
    {
      id: 'did',
      label: t('store.apps.column.did'),
      render: ({ app }) => <ShortDid did={app.did} />,
    },
  ];
}

/** The latest upload: its version and review status, and how long it has waited for a review. */
export function latestVersionColumn(t: Translate): DataColumn<AppListItem> {
  return {
    id: 'latest',
    label: t('store.apps.column.latest'),
    render: ({ latestVersion, waitingSeconds }) =>
      latestVersion ? (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
              {latestVersion.version}
            </Typography>
            <VersionStatusChip status={latestVersion.status} />
          </Stack>
          {waitingSeconds !== null ? (
            <Typography variant="caption" color="text.secondary">
              {waitingText(t, waitingSeconds)}
            </Typography>
          ) : null}
        </Stack>
      ) : (
        '—'
      ),
    isNoWrap: true,
  };
}
