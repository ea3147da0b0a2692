import { DonateButton } from '@bazaar/payment-react/donate';
import { useLocale } from '@bazaar/platform-shell';
import { Card, CardContent, Typography } from '@mui/material';
import { STORE_HOME_DONATION } from '../../../store-donations.ts';

/** Tips for the people who run this Store, through the Payment Kit's donation widget. */
export function StoreTipJar() {
  const { t } = useLocale();
  return (
    <Card variant="outlined" component="section" aria-labelledby="store-support-heading">
      <CardContent>
        <Typography
          id="store-support-heading"
          sx={{ fontWeight: 600 }}
          variant="h5"
          component="h2"
          gutterBottom
        >
          {t('store.support.heading')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 640 }}>
          {t('store.support.description')}
        </Typography>
        <DonateButton {...STORE_HOME_DONATION} />
      </CardContent>
    </Card>
  );
}
