import { useLocale, useShell } from '@bazaar/platform-shell';
import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { hasStoreErrorCode, StoreApiError } from '../../api/store-api.ts';
import { apiErrorText, type ErrorCodeTexts } from '../../components/api-error-text.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { StatusPanel } from '@bazaar/payment-react';
import { AlreadyDeveloperPanel } from '../developer/developer-prompts.tsx';
import { useAcceptInvitation } from './use-accept-invitation.ts';

/** Why an invitation was refused, in words the invitee can act on. */
const INVITATION_TEXTS: ErrorCodeTexts = {
  INVITATION_INVALID: 'store.invitation.error.invalid',
  INVITATION_EXPIRED: 'store.invitation.error.expired',
  INVITATION_CANCELLED: 'store.invitation.error.cancelled',
  INVITATION_USED: 'store.invitation.error.used',
  INVITATION_MISMATCH: 'store.invitation.error.mismatch',
  DEVELOPER_REVOKED: 'store.invitation.error.revoked',
  VALIDATION_FAILED: 'store.invitation.error.invalid',
};

/** Refusals that answer the same however often one tries; anything else (network, rate) may pass later. */
function isFinal(error: unknown): boolean {
  return error instanceof StoreApiError && error.code !== 'network' && error.code !== 'RATE_LIMITED';
}

/**
 * `/join/invitation?token=…`: the invitee, signed in, accepts with a click (so they see which
 * account becomes the developer, and a link preview cannot spend the invitation).
 */
export function InvitationAcceptPage() {
  const { t } = useLocale();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <PageHeading title={t('store.invitation.title')} />
      {token ? (
        <InvitationAcceptance token={token} />
      ) : (
        <StatusPanel
          headingLevel="h2"
          title={t('store.invitation.refused')}
          description={t('store.invitation.error.invalid')}
        />
      )}
    </Stack>
  );
}

function InvitationAcceptance({ token }: { token: string }) {
  const { t } = useLocale();
  const { user } = useShell();
  const accept = useAcceptInvitation();

  if (accept.isSuccess) {
    return (
      <StatusPanel
        headingLevel="h2"
        title={t('store.invitation.accepted.title')}
        description={t('store.invitation.accepted.description')}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button component={RouterLink} to="/developer/access-tokens" variant="contained">
            {t('store.invitation.accepted.tokens')}
          </Button>
          <Button component={RouterLink} to="/developer/apps" variant="outlined">
            {t('store.invitation.accepted.apps')}
          </Button>
        </Stack>
      </StatusPanel>
    );
  }
  if (hasStoreErrorCode(accept.error, 'ALREADY_DEVELOPER')) return <AlreadyDeveloperPanel />;
  if (accept.error && isFinal(accept.error)) {
    return (
      <StatusPanel
        headingLevel="h2"
        title={t('store.invitation.refused')}
        description={apiErrorText(t, accept.error, INVITATION_TEXTS)}
      />
    );
  }
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography>{t('store.invitation.description')}</Typography>
          {user ? (
            <Typography variant="body2" color="text.secondary">
              {t('store.invitation.signedInAs', { name: user.email ?? user.fullName })}
            </Typography>
          ) : null}
          {accept.error ? (
            <Alert severity="error">{apiErrorText(t, accept.error, INVITATION_TEXTS)}</Alert>
          ) : null}
          <Button variant="contained" disabled={accept.isPending} onClick={() => accept.mutate(token)}>
            {t('store.invitation.accept')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
