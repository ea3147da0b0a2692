import { useLocale } from '@bazaar/platform-shell';
import type { StoreApp } from '@bazaar/schemas';
import { Alert, AlertTitle, Typography } from '@mui/material';
import { formatDateTime } from '../format-date.ts';

/** The spec's "app has been blocked by store admin", with the admin's reason and since when. */
export function BlockedAppNotice({ app }: { app: Pick<StoreApp, 'blockedReason' | 'blockedAt'> }) {
  const { t } = useLocale();
  return (
    <Alert severity="error">
      <AlertTitle>{t('store.apps.blocked.title')}</AlertTitle>
      <Typography variant="body2">{t('store.apps.blocked.description')}</Typography>
      {app.blockedReason ? (
        <Typography variant="body2" sx={{ mt: 1, wordBreak: 'break-word' }}>
          {t('store.apps.blocked.reason', { reason: app.blockedReason })}
        </Typography>
      ) : null}
      {app.blockedAt !== null ? (
        <Typography variant="caption" color="text.secondary">
          {t('store.apps.blocked.at', { date: formatDateTime(app.blockedAt) })}
        </Typography>
      ) : null}
    </Alert>
  );
}
