import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DonateSettings } from '@bazaar/schemas';
import { usePaymentContext } from '../provider/payment-context.ts';
import { DonateTrigger } from './donate-trigger.tsx';

/**
 * What a setting's visitors will see, while an owner edits it: the button as it will look, the
 * amounts the donation offers (in the currency's units, as the setting holds them) and how the
 * supporters will be listed.
 */
export function DonatePreview({ settings }: { settings: DonateSettings }) {
  const { t } = usePaymentContext();
  const { amount, appearance } = settings;
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }} aria-label={t('payment.donate.preview.title')}>
      <Typography variant="subtitle2">{settings.title || t('payment.donate.button')}</Typography>
      <DonateTrigger appearance={appearance} text={appearance.button.text || t('payment.donate.button')} />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {amount.presets.map((preset) => (
          <Chip
            key={preset}
            label={preset}
            variant={preset === amount.preset ? 'filled' : 'outlined'}
            color={preset === amount.preset ? 'primary' : 'default'}
          />
        ))}
        {amount.custom ? <Chip label={t('payment.checkout.donation.custom')} variant="outlined" /> : null}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t(
          appearance.history.variant === 'table'
            ? 'payment.donate.preview.historyTable'
            : 'payment.donate.preview.historyAvatar',
        )}
      </Typography>
    </Stack>
  );
}
