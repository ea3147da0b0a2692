import { useLocale } from '@bazaar/platform-shell';
import type { AppPage as AppPageData } from '@bazaar/schemas';
import { Box, Paper, Stack } from '@mui/material';
import { useParams } from 'react-router';
import { hasStoreErrorCode } from '../../api/store-api.ts';
import { AppComments } from '../../components/comments/app-comments.tsx';
import { ErrorPage, errorPageStatus } from '../../components/error-page.tsx';
import { Loading } from '../../components/query-state.tsx';
import { AppChangelog, AppReadme } from './app-documents.tsx';
import { AppDonation } from './app-donation.tsx';
import { AppDownloadsSection } from './app-downloads-section.tsx';
import { AppFacts } from './app-facts.tsx';
import { AppHeader } from './app-header.tsx';
import { AppInstances } from './app-instances.tsx';
import { AppManagementNotice } from './app-management-notice.tsx';
import { AppScreenshots } from './app-screenshots.tsx';
import { AppVersions } from './app-versions.tsx';
import { useAppPage } from './use-app-page.ts';

/**
 * The page's parts: what the app shows and what people say of it on the left (wide screens), the
 * facts beside; one column on phones.
 */
function AppDetail({ app }: { app: AppPageData }) {
  return (
    <Stack spacing={3}>
      <AppManagementNotice app={app} />
      <AppHeader app={app} />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
        }}
      >
        <Stack spacing={3}>
          <AppScreenshots urls={app.screenshotUrls} title={app.title} />
          <AppReadme readmeUrls={app.readmeUrls} />
          <AppChangelog changelogUrl={app.changelogUrl} />
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <AppComments appDid={app.did} ownerDid={app.ownerDid} />
          </Paper>
        </Stack>
        <Stack spacing={3}>
          <AppDownloadsSection did={app.did} />
          <AppFacts app={app} />
          <AppVersions app={app} />
          <AppInstances did={app.did} />
          <AppDonation did={app.did} title={app.title} />
        </Stack>
      </Box>
    </Stack>
  );
}

/**
 * `/apps/:did`, `/apps/:did/:version` and `/app/:did`: an app as visitors see it (its managers see
 * more). A blocked app is, to visitors, only the spec's "app has been blocked by store admin".
 */
export function AppPage() {
  const { t } = useLocale();
  const { did = '', version } = useParams();
  const page = useAppPage(did, version ?? null);
  if (page.data) return <AppDetail app={page.data} />;
  if (!page.error) return <Loading />;
  return hasStoreErrorCode(page.error, 'APP_BLOCKED') ? (
    <ErrorPage status={403} description={t('store.apps.blocked.title')} />
  ) : (
    <ErrorPage status={errorPageStatus(page.error)} />
  );
}
