import { currentAddress, signInAddress, useLocale } from '@bazaar/platform-shell';
import type { CliConnectClient } from '@bazaar/schemas';
import { Alert, AlertTitle, Button, Stack } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { apiErrorText } from '../../components/api-error-text.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { Loading } from '../../components/query-state.tsx';
import { StatusPanel } from '@bazaar/payment-react';
import { ConnectRequestCard } from './connect-request-card.tsx';
import { useConnectSession, type ConnectView } from './use-connect-session.ts';

interface ConnectCliPageProps {
  /** Which page this is: `/connect-cli` (the default) or `/connect-studio`. */
  client?: CliConnectClient;
}

/**
 * `/connect-cli?session=ccs_…` (and `/connect-studio`): a signed-in developer approves or denies
 * the connection a terminal asked for with `bazaar connect`; the terminal then receives an access
 * token sealed to its own key.
 */
export function ConnectCliPage({ client = 'cli' }: ConnectCliPageProps) {
  const { t } = useLocale();
  const [searchParams] = useSearchParams();
  const { view, approve, deny, retry } = useConnectSession(searchParams.get('session'));
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <PageHeading
        title={t(`store.connect.${client}.title`)}
        subtitle={t(`store.connect.${client}.subtitle`)}
      />
      <ConnectBody view={view} onApprove={approve} onDeny={deny} onRetry={retry} />
    </Stack>
  );
}

interface ConnectBodyProps {
  view: ConnectView;
  onApprove(): void;
  onDeny(): void;
  onRetry(): void;
}

function ConnectBody({ view, onApprove, onDeny, onRetry }: ConnectBodyProps) {
  const { t } = useLocale();
  switch (view.state) {
    case 'loading':
      return <Loading />;
    case 'signedOut':
      return (
        <StatusPanel
          headingLevel="h2"
          title={t('store.connect.signIn.title')}
          description={t('store.connect.signIn.description')}
        >
          <Button variant="contained" href={signInAddress(currentAddress())}>
            {t('store.connect.signIn.action')}
          </Button>
        </StatusPanel>
      );
    case 'invalid':
      return (
        <StatusPanel
          headingLevel="h2"
          title={t('store.connect.invalid.title')}
          description={t('store.connect.invalid.description')}
        />
      );
    case 'failed':
      return (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          }
        >
          <AlertTitle>{t('store.connect.failed')}</AlertTitle>
          {apiErrorText(t, view.error)}
        </Alert>
      );
    case 'notDeveloper':
      return view.permissionMode === 'staking' ? (
        <StatusPanel
          headingLevel="h2"
          title={t('store.connect.notDeveloper.title')}
          description={t('store.connect.notDeveloper.staking')}
        >
          <Button component={RouterLink} to="/join" variant="contained">
            {t('store.connect.notDeveloper.join')}
          </Button>
        </StatusPanel>
      ) : (
        <StatusPanel
          headingLevel="h2"
          title={t('store.connect.notDeveloper.title')}
          description={t('store.connect.notDeveloper.invitation')}
        />
      );
    case 'revoked':
      return (
        <StatusPanel
          headingLevel="h2"
          title={t('store.connect.revoked.title')}
          description={t('store.connect.revoked.description')}
        />
      );
    case 'pending':
      return (
        <ConnectRequestCard
          session={view.session}
          isDeciding={view.isDeciding}
          error={view.error}
          onApprove={onApprove}
          onDeny={onDeny}
        />
      );
    case 'approved':
      return (
        <StatusPanel
          headingLevel="h2"
          title={t('store.connect.approved.title')}
          description={t('store.connect.approved.description')}
        >
          {view.tokenName ? t('store.connect.approved.token', { name: view.tokenName }) : null}
        </StatusPanel>
      );
    case 'denied':
      return (
        <StatusPanel
          headingLevel="h2"
          title={t('store.connect.denied.title')}
          description={t('store.connect.denied.description')}
        />
      );
  }
}
