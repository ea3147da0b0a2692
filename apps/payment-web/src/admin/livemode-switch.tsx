import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { usePaymentContext } from '@bazaar/payment-react';
import { useAppContext } from '../shell/app-context.ts';

/** Test or live data: the same switch the rest of the kit's pages read, remembered in this browser. */
export function LivemodeSwitch() {
  const { livemode, t } = usePaymentContext();
  const { setLivemode } = useAppContext();
  return (
    <FormControlLabel
      control={
        <Switch
          size="small"
          color="warning"
          checked={!livemode}
          onChange={(event) => setLivemode(!event.target.checked)}
        />
      }
      label={t('payment.admin.mode.switch')}
      sx={{ mr: 0, '& .MuiFormControlLabel-label': { fontSize: 14, whiteSpace: 'nowrap' } }}
    />
  );
}
