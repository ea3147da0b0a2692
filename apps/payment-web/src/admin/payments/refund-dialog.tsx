import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { formatAmount } from '@bazaar/money';
import { formatMoney, useTranslate } from '@bazaar/payment-react';
import { REFUND_REASONS, shortAddress, type AdminPayment } from '@bazaar/schemas';
import { useCreateRefund } from '../api/use-payments.ts';
import { AdminDialog } from '../components/admin-dialog.tsx';
import { applyApiErrors } from '../components/api-form-errors.ts';
import { ChoiceField } from '../components/choice-field.tsx';
import { FormTextField } from '../components/form-text-field.tsx';
import { AmountField } from '../prices/amount-field.tsx';
import {
  DEFAULT_REFUND_VALUES,
  REFUND_FORM_FIELDS,
  refundBodyOf,
  type RefundFormValues,
} from './refund-form-values.ts';

interface RefundDialogProps {
  payment: AdminPayment;
  isOpen: boolean;
  onClose: () => void;
}

/** Where a refund's money goes: back to the card, or from the vault to the paying wallet. */
function RefundDestination({ payment }: { payment: AdminPayment }) {
  const t = useTranslate();
  const payer = payment.chain?.payer;
  return (
    <Typography variant="body2" color="text.secondary">
      {payment.chain
        ? t('payment.admin.refund.toWallet', { address: payer ? shortAddress(payer) : '' })
        : t('payment.admin.refund.toCard')}
    </Typography>
  );
}

/** Gives back all that is left of a payment or part of it, with the reason the API takes. */
export function RefundDialog({ payment, isOpen, onClose }: RefundDialogProps) {
  const t = useTranslate();
  const createRefund = useCreateRefund();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RefundFormValues>({ defaultValues: DEFAULT_REFUND_VALUES });
  const scope = useWatch({ control: form.control, name: 'scope' });
  const left = formatMoney(payment.amount_refundable, payment.currency);

  const close = () => {
    form.reset(DEFAULT_REFUND_VALUES);
    setFormError(null);
    onClose();
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    const answer = refundBodyOf(values, payment, t);
    if ('amountError' in answer) {
      form.setError('amount', { type: 'client', message: answer.amountError });
      return;
    }
    try {
      await createRefund.mutateAsync(answer.body);
      close();
    } catch (error) {
      setFormError(applyApiErrors(error, { setError: form.setError, fields: REFUND_FORM_FIELDS, t }));
    }
  });

  return (
    <AdminDialog title={t('payment.admin.refund.title')} isOpen={isOpen} onClose={close} maxWidth="xs">
      <FormProvider {...form}>
        <Stack component="form" noValidate spacing={2.5} onSubmit={submit}>
          {formError ? (
            <Alert severity="error">{t('payment.admin.refund.failed', { reason: formError })}</Alert>
          ) : null}
          <ChoiceField
            name="scope"
            label={t('payment.admin.refund.howMuch')}
            options={[
              { value: 'full', label: t('payment.admin.refund.full', { amount: left }) },
              { value: 'partial', label: t('payment.admin.refund.partial') },
            ]}
          />
          {scope === 'partial' ? (
            <AmountField
              name="amount"
              currency={payment.currency}
              label={t('payment.admin.refund.amount')}
              placeholder={formatAmount(payment.amount_refundable, payment.currency.decimal)}
              helperText={t('payment.admin.refund.amountHelp', { amount: left })}
              autoFocus
            />
          ) : null}
          <FormTextField name="reason" select label={t('payment.admin.refund.reason')}>
            {REFUND_REASONS.map((reason) => (
              <MenuItem key={reason} value={reason}>
                {t(`payment.admin.refund.reason.${reason}`)}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField
            name="description"
            label={t('payment.admin.refund.description')}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          <RefundDestination payment={payment} />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" color="error" loading={createRefund.isPending}>
              {t('payment.admin.refund.action')}
            </Button>
            <Button onClick={close}>{t('common.cancel')}</Button>
          </Stack>
        </Stack>
      </FormProvider>
    </AdminDialog>
  );
}
