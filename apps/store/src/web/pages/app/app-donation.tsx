import { DonateButton } from '@bazaar/payment-react/donate';
import { useLocale } from '@bazaar/platform-shell';
import { appDonationSchema } from '@bazaar/schemas';
import { Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { callStoreApi } from '../../api/store-api.ts';
import { storeKeys } from '../../api/store-query-keys.ts';
import { DetailSection } from '../../components/apps/detail-section.tsx';

/**
 * The app's tip jar setting, which the Store's server keeps paying the app's developer and the
 * Store (a page cannot name the beneficiaries: anyone could); asked once per page view.
 */
function useAppDonation(did: string) {
  return useQuery({
    queryKey: storeKeys.appDonation(did),
    queryFn: () => callStoreApi('POST', `/apps/${encodeURIComponent(did)}/donation`, appDonationSchema),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Tips for the app's developer, through the Payment Kit's donation widget. Like the widget, it
 * shows nothing when the tip jar cannot be loaded: the page is whole without it.
 */
export function AppDonation({ did, title }: { did: string; title: string }) {
  const { t } = useLocale();
  const donation = useAppDonation(did).data;
  if (!donation) return null;
  return (
    <DetailSection title={t('store.visitor.section.support')}>
      <Typography variant="body2" color="text.secondary">
        {t('store.visitor.support.description', { title })}
      </Typography>
      <DonateButton
        mountLocation={donation.mountLocation}
        componentDid={donation.componentDid}
        target={donation.target}
      />
    </DetailSection>
  );
}
