import { useState } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { Translate } from '@bazaar/i18n';
import { usePaymentContext } from '@bazaar/payment-react';
import type { AdminPaymentMethod } from '@bazaar/schemas';
import { useUpdatePaymentMethod } from '../api/use-payment-methods.ts';
import { AdminDialog } from '../components/admin-dialog.tsx';
import { DetailList } from '../components/detail-list.tsx';
import { MethodCurrencies } from './method-currencies.tsx';
import { PaymentMethodForm } from './payment-method-form.tsx';
import { isEvmType, updateMethodBody } from './payment-method-form-values.ts';

const setting = (method: AdminPaymentMethod, key: string) => {
  const value = method.settings[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};

/** A card method without Stripe keys pays on the built-in test card network. */
const isTestCardNetwork = (method: AdminPaymentMethod) => method.type === 'stripe' && !method.has_secret_key;

export function methodTypeLabel(method: AdminPaymentMethod, t: Translate): string {
  return isTestCardNetwork(method)
    ? t('payment.admin.method.type.testCards')
    : t(`payment.admin.method.type.${method.type}`);
}

/** What the method is set up with; secrets only as set or not set, since the server never answers them. */
function methodDetails(method: AdminPaymentMethod, t: Translate, webhookUrl: string) {
  const isSet = (flag: boolean) =>
    flag ? t('payment.admin.method.secretSet') : t('payment.admin.method.secretNotSet');
  if (method.type === 'stripe') {
    if (isTestCardNetwork(method)) return [];
    return [
      [t('payment.admin.method.publishableKey'), setting(method, 'publishable_key')],
      [t('payment.admin.method.secretKey'), isSet(method.has_secret_key)],
      [t('payment.admin.method.webhookSecret'), isSet(method.has_webhook_secret)],
      [t('payment.admin.method.webhookUrl'), webhookUrl],
    ] as const;
  }
  return [
    [t('payment.admin.method.chainId'), setting(method, 'chain_id')],
    [t('payment.admin.method.rpcUrl'), setting(method, 'api_host')],
    [t('payment.admin.method.explorerHost'), setting(method, 'explorer_host')],
    [t('payment.admin.method.confirmations'), isEvmType(method.type) ? setting(method, 'confirmations') : ''],
    [t('payment.admin.method.vaultKey'), isEvmType(method.type) ? isSet(method.has_secret_key) : ''],
    [t('payment.admin.method.vaultAddress'), setting(method, 'vault_address')],
  ] as const;
}

/** One payment method: its kind, whether payers may choose it, its settings and its currencies. */
export function PaymentMethodCard({ method }: { method: AdminPaymentMethod }) {
  const { t, apiUrl } = usePaymentContext();
  const update = useUpdatePaymentMethod(method.id);
  const [isEditing, setIsEditing] = useState(false);
  // The address Stripe's dashboard is given, without the page's own query.
  const webhookUrl = new URL(apiUrl(`/api/stripe/webhooks/${encodeURIComponent(method.id)}`));
  webhookUrl.search = '';

  return (
    <Paper variant="outlined" component="section" aria-labelledby={`method-${method.id}`} sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Stack sx={{ flex: 1, minWidth: 160 }}>
            <Typography
              id={`method-${method.id}`}
              component="h3"
              variant="subtitle1"
              sx={{ fontWeight: 600 }}
            >
              {method.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {methodTypeLabel(method, t)}
            </Typography>
          </Stack>
          <FormControlLabel
            control={
              <Switch
                checked={method.active}
                disabled={update.isPending}
                onChange={(event) => update.mutate({ active: event.target.checked })}
                slotProps={{
                  input: { 'aria-label': t('payment.admin.method.activeOf', { name: method.name }) },
                }}
              />
            }
            label={t('payment.admin.method.active')}
          />
          <Button variant="outlined" size="small" onClick={() => setIsEditing(true)}>
            {t('payment.admin.method.edit')}
          </Button>
        </Stack>
        {isTestCardNetwork(method) ? (
          <Typography variant="body2" color="text.secondary">
            {t('payment.admin.method.testCardsHelp')}
          </Typography>
        ) : null}
        <DetailList rows={methodDetails(method, t, webhookUrl.toString())} />
        <Divider />
        <MethodCurrencies method={method} />
      </Stack>
      <AdminDialog
        title={t('payment.admin.method.editTitle', { name: method.name })}
        isOpen={isEditing}
        onClose={() => setIsEditing(false)}
      >
        <PaymentMethodForm
          method={method}
          onCancel={() => setIsEditing(false)}
          onSubmit={async (values) => {
            await update.mutateAsync(updateMethodBody(method, values));
            setIsEditing(false);
          }}
        />
      </AdminDialog>
    </Paper>
  );
}
