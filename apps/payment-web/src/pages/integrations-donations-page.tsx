import { DonatePreview } from '@bazaar/payment-react/donate';
import { DonationSettingsPage } from '@bazaar/payment-react/integrations';

/** `/integrations/donations`: the admins' list of donation widgets, each edited beside its preview. */
export function IntegrationsDonationsPage() {
  return <DonationSettingsPage renderPreview={(settings) => <DonatePreview settings={settings} />} />;
}
