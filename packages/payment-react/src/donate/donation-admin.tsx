import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import { isPaymentAdmin } from '@bazaar/schemas';
import { useSessionUser } from '../api/use-session-user.ts';
import { extractErrorText } from '../api/error-text.ts';
import { usePaymentContext } from '../provider/payment-context.ts';

/** True for a signed-in user the server lets change donation settings. */
export function useCanConfigureDonations(): boolean {
  const user = useSessionUser();
  return user.data ? isPaymentAdmin(user.data) : false;
}

/** Where every donation setting of the platform is edited: `{mountPoint}/integrations/donations`. */
export function donationSettingsUrl(apiBaseUrl: string): string {
  return `${apiBaseUrl.replace(/\/$/, '')}/integrations/donations`;
}

/**
 * The owner's way to the integrations page, from beside the button or the dialog's title. Named
 * by the browser's own tooltip: MUI's would add its whole Tooltip to every visitor's page.
 */
export function ConfigureDonationsButton() {
  const { apiBaseUrl, t } = usePaymentContext();
  const label = t('payment.donate.configure');
  return (
    <IconButton
      size="small"
      href={donationSettingsUrl(apiBaseUrl)}
      target="_blank"
      rel="noopener"
      aria-label={label}
      title={label}
    >
      <SettingsOutlinedIcon fontSize="small" />
    </IconButton>
  );
}

/** What an owner sees where donations are turned off: the fact, and the switch. */
export function DonationsOffNotice(props: { isEnabling: boolean; error: unknown; onEnable: () => void }) {
  const { t } = usePaymentContext();
  return (
    <Alert
      severity="info"
      action={
        <>
          <Button color="inherit" size="small" onClick={props.onEnable} disabled={props.isEnabling}>
            {t('payment.donate.enable')}
          </Button>
          <ConfigureDonationsButton />
        </>
      }
    >
      {props.error ? extractErrorText(props.error, t) : t('payment.donate.off')}
    </Alert>
  );
}
