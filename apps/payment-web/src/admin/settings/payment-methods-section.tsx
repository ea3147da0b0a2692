import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { extractErrorText, usePaymentContext } from '@bazaar/payment-react';
import { useCreatePaymentMethod, usePaymentMethods } from '../api/use-payment-methods.ts';
import { AdminDialog } from '../components/admin-dialog.tsx';
import { PaymentMethodCard } from './payment-method-card.tsx';
import { PaymentMethodForm } from './payment-method-form.tsx';
import { createMethodBody } from './payment-method-form-values.ts';

/** The mode's payment methods, each with its currencies, and adding one. */
export function PaymentMethodsSection() {
  const { livemode, t } = usePaymentContext();
  const methods = usePaymentMethods();
  const create = useCreatePaymentMethod();
  const [isAdding, setIsAdding] = useState(false);

  return (
    <Stack component="section" spacing={2} aria-labelledby="payment-methods">
      <Stack
        direction="row"
        useFlexGap
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Typography id="payment-methods" component="h2" variant="h6" sx={{ fontWeight: 600 }}>
          {t('payment.admin.methods.title')}
        </Typography>
        <Button startIcon={<AddIcon />} onClick={() => setIsAdding(true)}>
          {t('payment.admin.methods.new')}
        </Button>
      </Stack>
      {methods.error ? (
        <Alert severity="error">
          {t('payment.admin.loadFailed', { reason: extractErrorText(methods.error, t) })}
        </Alert>
      ) : null}
      {!methods.data && !methods.error ? (
        <LinearProgress aria-label={t('common.loading')} sx={{ height: 2 }} />
      ) : null}
      {methods.data?.list.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('payment.admin.methods.empty')}
        </Typography>
      ) : null}
      {methods.data?.list.map((method) => (
        <PaymentMethodCard key={method.id} method={method} />
      ))}
      <AdminDialog
        title={t('payment.admin.method.createTitle')}
        isOpen={isAdding}
        onClose={() => setIsAdding(false)}
      >
        <PaymentMethodForm
          onCancel={() => setIsAdding(false)}
          onSubmit={async (values) => {
            await create.mutateAsync(createMethodBody(values, livemode));
            setIsAdding(false);
          }}
        />
      </AdminDialog>
    </Stack>
  );
}
