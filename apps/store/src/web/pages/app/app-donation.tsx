import { DonateButton } from '@bazaar/payment-react/donate';
import { useLocale } from '@bazaar/platform-shell';
import { COMPONENT_IDS } from '@bazaar/schemas';
import { Typography } from '@mui/material';
import { DetailSection } from '../../components/apps/detail-section.tsx';

/**
 * Every app page's tip jar shares one donation setting (its mount location), and each app is a
 * target of its own: its own link, supporters and totals. Who receives the tips is the setting's
 * (the Store's, until an owner edits it on the integrations page): a setting is made by whichever
 * page asks first, so a page must not name the app's developer there, or anyone could.
 */
const APP_DONATION = {
  mountLocation: 'store/app',
  componentDid: COMPONENT_IDS.store,
  // The shared setting's description too, as the integrations page lists it: no one app's.
  description: 'Tips for the apps of this Store',
} as const;

/** Tips for the app, through the Payment Kit's donation widget. */
export function AppDonation({ did, title }: { did: string; title: string }) {
  const { t } = useLocale();
  return (
    <DetailSection title={t('store.visitor.section.support')}>
      <Typography variant="body2" color="text.secondary">
        {t('store.visitor.support.description', { title })}
      </Typography>
      <DonateButton {...APP_DONATION} target={did} />
    </DetailSection>
  );
}
