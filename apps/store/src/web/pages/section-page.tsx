import { Button, Stack, Typography } from '@mui/material';
import type { MessageKey } from '@bazaar/i18n';
import { Link as RouterLink } from 'react-router';
import { useLocale } from '@bazaar/platform-shell';

export type StoreSection = 'appDetail';

/** A Store section's page: its name and what it is for; the sections fill in with the Store issue. */
export function SectionPage({ section }: { section: StoreSection }) {
  const { t } = useLocale();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography sx={{ fontWeight: 700 }} variant="h4" component="h1">
        {t(`store.section.${section}.title` as MessageKey)}
      </Typography>
      <Typography color="text.secondary">
        {t(`store.section.${section}.description` as MessageKey)}
      </Typography>
      <Button component={RouterLink} to="/" variant="outlined">
        {t('store.backHome')}
      </Button>
    </Stack>
  );
}
