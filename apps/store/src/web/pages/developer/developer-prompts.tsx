import { useLocale } from '@bazaar/platform-shell';
import type { StoreDeveloper, StorePermissionMode } from '@bazaar/schemas';
import { Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../components/format-date.ts';
import { StatusPanel } from '@bazaar/payment-react';

/**
 * "You have no valid Developer NFT...": how to become one, which depends on how this Store admits
 * developers (staking on /join, or an administrator's invitation).
 */
export function NoDeveloperPrompt({ permissionMode }: { permissionMode: StorePermissionMode }) {
  const { t } = useLocale();
  return permissionMode === 'staking' ? (
    <StatusPanel
      headingLevel="h2"
      title={t('store.developer.required')}
      description={t('store.developer.register.staking')}
    >
      <Button component={RouterLink} to="/join" variant="contained">
        {t('store.developer.register.action')}
      </Button>
    </StatusPanel>
  ) : (
    <StatusPanel
      headingLevel="h2"
      title={t('store.developer.required')}
      description={t('store.developer.register.invitation')}
    />
  );
}

/** A developer an admin revoked: why and since when; their published apps stay. */
export function RevokedNotice({ developer }: { developer: StoreDeveloper }) {
  const { t } = useLocale();
  return (
    <StatusPanel
      headingLevel="h2"
      title={t('store.developer.revoked.title')}
      description={t('store.developer.revoked.description')}
    >
      {developer.revokedReason ? (
        <Typography>{t('store.developer.revoked.reason', { reason: developer.revokedReason })}</Typography>
      ) : null}
      {developer.revokedAt ? (
        <Typography variant="body2" color="text.secondary">
          {t('store.developer.revoked.at', { date: formatDateTime(developer.revokedAt) })}
        </Typography>
      ) : null}
    </StatusPanel>
  );
}

/** "You're already a developer": use the developer passport, where the developer pages are. */
export function AlreadyDeveloperPanel() {
  const { t } = useLocale();
  return (
    <StatusPanel
      headingLevel="h2"
      title={t('store.developer.already.title')}
      description={t('store.developer.already.description')}
    >
      <Button component={RouterLink} to="/developer/access-tokens" variant="contained">
        {t('store.developer.already.action')}
      </Button>
    </StatusPanel>
  );
}
