import { Box, Card, CardActionArea, CardContent, Chip, Stack, Typography } from '@mui/material';
import type { MessageKey } from '@bazaar/i18n';
import { DonateButton } from '@bazaar/payment-react/donate';
import { STORE_HOME_DONATION } from '../../store-donations.ts';
import { useLocale } from '@bazaar/platform-shell';
import { useCategories } from '../api/use-categories.ts';

/** The demo purchases seeded in test mode, each a Payment Kit payment link. */
const DEMO_LINKS: Array<{ id: string; title: MessageKey; description: MessageKey }> = [
  {
    id: 'plink_demo_onetime',
    title: 'store.demo.onetime.title',
    description: 'store.demo.onetime.description',
  },
  {
    id: 'plink_demo_subscription',
    title: 'store.demo.subscription.title',
    description: 'store.demo.subscription.description',
  },
  {
    id: 'plink_demo_donation',
    title: 'store.demo.donation.title',
    description: 'store.demo.donation.description',
  },
];

export function HomePage() {
  const { t, locale } = useLocale();
  // The filter chips are a convenience: while they load, or if they fail, the page goes without.
  const categories = useCategories().data?.list ?? [];
  return (
    <Stack spacing={5}>
      <Box>
        <Typography variant="h3" component="h1" sx={{ fontWeight: 700, fontSize: { xs: 30, md: 44 } }}>
          {t('store.home.headline')}
        </Typography>
        <Typography variant="h6" color="text.secondary" sx={{ mt: 1, fontWeight: 400 }}>
          {t('store.home.subtitle')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 3, flexWrap: 'wrap', gap: 1 }}>
          {categories.map((category) => (
            <Chip key={category.id} label={category.name[locale]} variant="outlined" />
          ))}
        </Stack>
      </Box>
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
      <Box>
        <Typography sx={{ fontWeight: 600 }} variant="h5" component="h2" gutterBottom>
          {t('store.demo.heading')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          {DEMO_LINKS.map((link) => (
            <Card key={link.id} variant="outlined">
              <CardActionArea href={`/payment-kit/checkout/pay/${link.id}`} sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h6">{t(link.title)}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t(link.description)}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Box>
      </Box>
    </Stack>
  );
}
