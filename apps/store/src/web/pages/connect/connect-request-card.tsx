import { useLocale } from '@bazaar/platform-shell';
import type { CliConnectInfo } from '@bazaar/schemas';
import { Alert, AlertTitle, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { apiErrorText } from '../../components/api-error-text.ts';
import { formatDateTime } from '../../components/format-date.ts';

interface ConnectRequestCardProps {
  session: CliConnectInfo;
  isDeciding: boolean;
  /** The last approve or deny that failed, if any. */
  error: unknown;
  onApprove(): void;
  onDeny(): void;
}

/** A pending connection: which client on which computer, the code to compare, Approve and Deny. */
export function ConnectRequestCard({
  session,
  isDeciding,
  error,
  onApprove,
  onDeny,
}: ConnectRequestCardProps) {
  const { t } = useLocale();
  const rows: Array<[string, string]> = [
    [t('store.connect.request.client'), t(`store.connect.client.${session.client}`)],
    [t('store.connect.request.hostname'), session.hostname ?? t('store.connect.request.noHostname')],
    [t('store.connect.request.created'), formatDateTime(session.createdAt)],
    [t('store.connect.request.expires'), formatDateTime(session.expiresAt)],
  ];
  return (
    <Card variant="outlined" sx={{ maxWidth: 560 }}>
      <CardContent>
        <Stack spacing={2}>
          <Typography component="h2" variant="h6">
            {t('store.connect.request.heading')}
          </Typography>
          <Stack component="dl" spacing={1} sx={{ m: 0 }}>
            {rows.map(([label, value]) => (
              <Stack key={label} direction="row" spacing={2}>
                <Typography component="dt" color="text.secondary" sx={{ minWidth: 140 }}>
                  {label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
                  {value}
                </Typography>
              </Stack>
            ))}
          </Stack>
          <Stack spacing={0.5} sx={{ alignItems: 'center', py: 1 }}>
            <Typography color="text.secondary">{t('store.connect.request.code')}</Typography>
            <Typography
              aria-label={t('store.connect.request.code')}
              sx={{ fontFamily: 'monospace', fontSize: 32, fontWeight: 700, letterSpacing: 4 }}
            >
              {session.verificationCode}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('store.connect.request.codeHint')}
            </Typography>
          </Stack>
          <Typography variant="body2">{t('store.connect.request.grants')}</Typography>
          <Alert severity="warning">{t('store.connect.request.warning')}</Alert>
          {error ? (
            <Alert severity="error">
              <AlertTitle>{t('store.connect.failed')}</AlertTitle>
              {apiErrorText(t, error)}
            </Alert>
          ) : null}
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
            <Button variant="outlined" onClick={onDeny} disabled={isDeciding}>
              {t('store.connect.deny')}
            </Button>
            <Button variant="contained" onClick={onApprove} disabled={isDeciding}>
              {t('store.connect.approve')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
