import { useState } from 'react';
import BlockRoundedIcon from '@mui/icons-material/BlockRounded';
import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import VolunteerActivismOutlinedIcon from '@mui/icons-material/VolunteerActivismOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ApiError } from '../api/api-error.ts';
import { extractErrorText } from '../api/error-text.ts';
import { useSessionUser } from '../api/use-session-user.ts';
import { LoginRequiredPanel } from '../customer/login-required-panel.tsx';
import { StatusPanel } from '../primitives/status-panel.tsx';
import { TestModeBadge } from '../primitives/test-mode-badge.tsx';
import { usePaymentContext } from '../provider/payment-context.ts';
import { DonationSettingCard } from './donation-setting-card.tsx';
import { DonationSettingEditor, type RenderSettingPreview } from './donation-setting-editor.tsx';
import { isPaymentAdmin } from '@bazaar/schemas';
import { useDonationSettings } from './use-donation-settings.ts';

export interface DonationSettingsPageProps {
  /** Handed to the editor: the widget drawn with the settings being edited. */
  renderPreview?: RenderSettingPreview;
}

function LoadFailedPanel({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = usePaymentContext();
  return (
    <StatusPanel
      icon={<ErrorOutlineRoundedIcon color="error" />}
      title={t('payment.integrations.donations.loadFailed')}
      description={extractErrorText(error, t)}
    >
      <Button variant="contained" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </StatusPanel>
  );
}

function ForbiddenPanel() {
  const { t } = usePaymentContext();
  return <StatusPanel icon={<BlockRoundedIcon color="action" />} title={t('payment.error.FORBIDDEN')} />;
}

/**
 * `/integrations/donations`: every donation widget the apps embed in the current mode, for the
 * Payment Kit's admins (owners, admins, developers), each turned on or off in place and edited
 * in a dialog. A visitor is asked to sign in; anyone else reads that they have no access.
 */
export function DonationSettingsPage({ renderPreview }: DonationSettingsPageProps) {
  const { t, livemode } = usePaymentContext();
  const user = useSessionUser();
  const isAdmin = user.data ? isPaymentAdmin(user.data) : false;
  const settings = useDonationSettings(livemode, isAdmin);
  const [editingId, setEditingId] = useState<string | null>(null);
  const list = settings.data?.list;
  const editing = list?.find((setting) => setting.id === editingId);
  const status = settings.error instanceof ApiError ? settings.error.status : null;

  if (user.error) return <LoadFailedPanel error={user.error} onRetry={() => void user.refetch()} />;
  if (user.data === null || status === 401) return <LoginRequiredPanel />;
  if ((user.data && !isAdmin) || status === 403) return <ForbiddenPanel />;
  if (settings.error)
    return <LoadFailedPanel error={settings.error} onRetry={() => void settings.refetch()} />;

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', px: { xs: 2, md: 4 }, py: { xs: 3, md: 6 } }}>
      <Stack spacing={1} sx={{ mb: 3 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
            {t('payment.integrations.donations.title')}
          </Typography>
          {livemode ? null : <TestModeBadge />}
        </Stack>
        <Typography color="text.secondary">{t('payment.integrations.donations.description')}</Typography>
      </Stack>
      {!list ? (
        <Stack spacing={2} aria-busy="true" aria-label={t('common.loading')}>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} variant="rounded" height={112} />
          ))}
        </Stack>
      ) : list.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 } }}>
          <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
            <VolunteerActivismOutlinedIcon color="action" sx={{ fontSize: 48 }} />
            <Typography component="h2" variant="h6" sx={{ fontWeight: 600 }}>
              {t('payment.integrations.donations.emptyTitle')}
            </Typography>
            <Typography color="text.secondary">
              {t('payment.integrations.donations.emptyDescription')}
            </Typography>
          </Stack>
        </Paper>
      ) : (
        <Stack spacing={2}>
          {list.map((setting) => (
            <DonationSettingCard key={setting.id} setting={setting} onEdit={() => setEditingId(setting.id)} />
          ))}
        </Stack>
      )}
      {editing ? (
        <DonationSettingEditor
          key={editing.id}
          setting={editing}
          onClose={() => setEditingId(null)}
          renderPreview={renderPreview}
        />
      ) : null}
    </Box>
  );
}
