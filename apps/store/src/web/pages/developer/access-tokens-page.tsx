import { useLocale } from '@bazaar/platform-shell';
import { Stack } from '@mui/material';
import { PageHeading } from '../../components/page-heading.tsx';
import { AccessTokensSection } from './access-tokens-section.tsx';
import { DeveloperGate } from './developer-gate.tsx';

/** `/developer/access-tokens`: the tokens that let the CLI act for the developer. */
export function AccessTokensPage() {
  const { t } = useLocale();
  return (
    <Stack spacing={3}>
      <PageHeading
        title={t('store.developer.tokens.title')}
        subtitle={t('store.developer.tokens.subtitle')}
      />
      <DeveloperGate>
        <AccessTokensSection />
      </DeveloperGate>
    </Stack>
  );
}
