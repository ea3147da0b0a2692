import VolunteerActivismOutlined from '@mui/icons-material/VolunteerActivismOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslate } from '@bazaar/payment-react';

/** The way to the donation settings, which have their own page (the integrations page) beside the widget's preview. */
export function DonationsCard() {
  const t = useTranslate();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="settings-donations" sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <VolunteerActivismOutlined color="action" />
        <Stack sx={{ flex: 1 }}>
          <Typography id="settings-donations" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('payment.admin.settings.donations')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('payment.admin.settings.donationsDescription')}
          </Typography>
        </Stack>
        <Button component={RouterLink} to="/integrations/donations" variant="outlined">
          {t('payment.admin.settings.openDonations')}
        </Button>
      </Stack>
    </Paper>
  );
}
