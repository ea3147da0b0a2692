import { useId } from 'react';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { Setting } from '@bazaar/schemas';
import { extractErrorText } from '../api/error-text.ts';
import { TestModeBadge } from '../primitives/test-mode-badge.tsx';
import { useTranslate } from '../provider/payment-context.ts';
import { useSetSettingActive } from './use-donation-settings.ts';

export interface DonationSettingCardProps {
  setting: Setting;
  onEdit: () => void;
}

/** One embedded donation widget: where it is mounted, by which component, whether it is on. */
export function DonationSettingCard({ setting, onEdit }: DonationSettingCardProps) {
  const t = useTranslate();
  const headingId = useId();
  const toggle = useSetSettingActive(setting.livemode);
  const location = setting.mount_location;

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1.5, sm: 2 }}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Stack spacing={0.5} sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography
              id={headingId}
              component="h2"
              sx={{ fontWeight: 600, fontFamily: 'monospace', wordBreak: 'break-all' }}
            >
              {location}
            </Typography>
            {setting.livemode ? null : <TestModeBadge />}
          </Stack>
          <Typography
            color={setting.description ? 'text.primary' : 'text.secondary'}
            sx={{ wordBreak: 'break-word' }}
          >
            {setting.description || t('payment.integrations.setting.noDescription')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            {t('payment.integrations.setting.component', { did: setting.component_did })}
          </Typography>
        </Stack>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexShrink: 0 }}
        >
          <FormControlLabel
            label={t('payment.integrations.setting.active')}
            control={
              <Switch checked={setting.active} onChange={(_, active) => toggle.mutate({ setting, active })} />
            }
          />
          <Button
            variant="outlined"
            startIcon={<EditOutlinedIcon />}
            onClick={onEdit}
            aria-label={t('payment.integrations.setting.editLabel', { location })}
          >
            {t('payment.integrations.setting.edit')}
          </Button>
        </Stack>
      </Stack>
      {toggle.error ? (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {t('payment.integrations.setting.toggleFailed', { reason: extractErrorText(toggle.error, t) })}
        </Alert>
      ) : null}
    </Paper>
  );
}
