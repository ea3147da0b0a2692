import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import type { Customer } from '@bazaar/schemas';
import { ApiError } from '../api/api-error.ts';
import { extractErrorText } from '../api/error-text.ts';
import { useCustomerMe, useSessionUser } from '../api/use-session-user.ts';
import { AddressFields } from '../checkout/address-fields.tsx';
import { CustomerFields } from '../checkout/customer-fields.tsx';
import { usePaymentContext } from '../provider/payment-context.ts';
import {
  customerDetailsSchema,
  customerDetailsValues,
  formFieldOf,
  splitSavedPhone,
  type CustomerDetailsBody,
  type CustomerDetailsValues,
} from './customer-details-schema.ts';
import { LoginRequiredPanel } from './login-required-panel.tsx';
import { useSaveCustomerDetails } from './use-customer-details.ts';

/** Whether the server's refusal names fields the form shows: then it speaks at those fields. */
function hasFieldProblems(error: unknown): boolean {
  return error instanceof ApiError && error.details.some((problem) => formFieldOf(problem) !== null);
}

function DetailsForm({ customer }: { customer: Customer }) {
  const { t } = usePaymentContext();
  const form = useForm<CustomerDetailsValues, unknown, CustomerDetailsBody>({
    resolver: zodResolver(customerDetailsSchema),
    defaultValues: customerDetailsValues(customer),
  });
  const save = useSaveCustomerDetails();

  // A saved number is E.164; once the parser has loaded it shows as its dial code and national number.
  const savedPhone = customer.phone;
  useEffect(() => {
    if (!savedPhone) return;
    let isCurrent = true;
    void splitSavedPhone(savedPhone).then((split) => {
      if (!isCurrent || !split || form.getValues('customer_phone') !== savedPhone) return;
      // Set, not reset: the lazily loaded phone field may register after this and reads the value.
      form.setValue('phone_country', split.country);
      form.setValue('customer_phone', split.national);
    });
    return () => {
      isCurrent = false;
    };
  }, [savedPhone, form]);

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
      // What was typed is now what is saved: the success message stays until the next change.
      form.reset(form.getValues());
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      for (const problem of error.details) {
        const field = formFieldOf(problem);
        if (field) form.setError(field, { message: problem.message }, { shouldFocus: true });
      }
    }
  });
  const isBusy = form.formState.isSubmitting;
  const isSaved = save.isSuccess && !form.formState.isDirty;

  return (
    <FormProvider {...form}>
      <Stack component="form" spacing={3} noValidate onSubmit={onSubmit} sx={{ maxWidth: 560 }}>
        <Typography color="text.secondary">{t('payment.customer.details.description')}</Typography>
        <CustomerFields isPhoneCollected isDisabled={isBusy} />
        <AddressFields mode="full" isDisabled={isBusy} />
        {save.error && !hasFieldProblems(save.error) ? (
          <Alert severity="error">{extractErrorText(save.error, t)}</Alert>
        ) : null}
        {isSaved ? <Alert severity="success">{t('payment.customer.details.saved')}</Alert> : null}
        <Button type="submit" variant="contained" loading={isBusy} sx={{ alignSelf: 'flex-start' }}>
          {t('payment.customer.details.save')}
        </Button>
      </Stack>
    </FormProvider>
  );
}

/**
 * The signed-in customer's name, email, phone and billing address in this mode, editable. They
 * load and save only after sign-in; someone who never bought anything starts from their profile.
 */
export function CustomerDetailsForm() {
  const { t, livemode } = usePaymentContext();
  const user = useSessionUser();
  const customer = useCustomerMe(user.data?.did ?? null, livemode);
  // No customer answer at all means the session ended (401) since the page loaded.
  if (user.data === null || customer.data === null) return <LoginRequiredPanel />;
  if (customer.error) return <Typography color="error">{extractErrorText(customer.error, t)}</Typography>;
  if (!customer.data) return <Skeleton variant="rounded" height={320} aria-label={t('common.loading')} />;
  return <DetailsForm customer={customer.data} />;
}
