import { useLocale } from '@bazaar/platform-shell';
import type { AppPage } from '@bazaar/schemas';
import { List, ListItemButton, ListItemText } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { appPagePath } from '../../components/apps/app-page-path.ts';
import { DetailSection } from '../../components/apps/detail-section.tsx';
import { formatSize } from '../../components/apps/version-table.tsx';
import { formatDate } from '../../components/format-date.ts';

/** The published versions, newest first, each opening its own page; the one shown is marked. */
export function AppVersions({ app }: { app: AppPage }) {
  const { t } = useLocale();
  if (app.versions.length === 0) return null;
  return (
    <DetailSection title={t('store.visitor.section.versions')}>
      <List dense disablePadding aria-label={t('store.visitor.section.versions')}>
        {app.versions.map((version) => {
          const isShown = version.version === app.version;
          return (
            <ListItemButton
              key={version.version}
              component={RouterLink}
              to={appPagePath(app.did, version.version)}
              selected={isShown}
              aria-current={isShown ? 'page' : undefined}
              sx={{ borderRadius: 1 }}
            >
              <ListItemText
                primary={version.version}
                secondary={[
                  version.publishedAt === null ? null : formatDate(version.publishedAt),
                  formatSize(version.size),
                ]
                  .filter(Boolean)
                  .join(' · ')}
                slotProps={{ primary: { sx: { fontFamily: 'monospace', fontWeight: 600 } } }}
              />
            </ListItemButton>
          );
        })}
      </List>
    </DetailSection>
  );
}
