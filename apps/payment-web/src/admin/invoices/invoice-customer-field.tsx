import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslate } from '@bazaar/payment-react';
import type { AdminCustomer } from '@bazaar/schemas';
import { CustomerSearchField } from '../components/customer-search-field.tsx';
import type { InvoiceFormValues } from './invoice-form-values.ts';

/** Who the invoice bills: a customer of the mode, found by name, email or DID as the admin types. */
export function InvoiceCustomerField() {
  const t = useTranslate();
  const { control } = useFormContext<InvoiceFormValues>();
  const [chosen, setChosen] = useState<AdminCustomer | null>(null);

  return (
    <Controller
      name="customer_id"
      control={control}
      render={({ field, fieldState }) => (
        <CustomerSearchField
          value={chosen}
          onChange={(customer) => {
            setChosen(customer);
            field.onChange(customer?.id ?? '');
          }}
          label={t('payment.admin.invoice.customer')}
          noOptionsText={t('payment.admin.invoices.noCustomers')}
          required
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? t('payment.admin.invoices.customerHelp')}
        />
      )}
    />
  );
}
