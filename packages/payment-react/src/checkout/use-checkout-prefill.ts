import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { Customer } from '@bazaar/schemas';
import type { CheckoutFormValues, CheckoutSubmitValues } from './checkout-form-schema.ts';
import { normalizeCountry } from './countries.ts';

type PrefillField =
  'customer_name' | 'customer_email' | `billing_address.${'line1' | 'city' | 'state' | 'postal_code'}`;

/** Fills empty fields from the payer's saved details once they arrive; never overwrites typing. */
export function useCheckoutPrefill(
  form: UseFormReturn<CheckoutFormValues, unknown, CheckoutSubmitValues>,
  customer: Customer | null | undefined,
): void {
  useEffect(() => {
    if (!customer) return;
    const values: Record<PrefillField, string> = {
      customer_name: customer.name,
      customer_email: customer.email,
      'billing_address.line1': customer.address.line1,
      'billing_address.city': customer.address.city,
      'billing_address.state': customer.address.state,
      'billing_address.postal_code': customer.address.postal_code,
    };
    for (const [name, value] of Object.entries(values) as [PrefillField, string][]) {
      if (value && !form.getValues(name)) form.setValue(name, value);
    }
    if (customer.phone && !form.getValues('customer_phone')) {
      const saved = customer.phone;
      form.setValue('customer_phone', saved);
      // Once the parser has loaded, a saved E.164 number shows as its dial code and national number.
      void import('./phone.ts').then(({ splitInternationalPhone }) => {
        const split = splitInternationalPhone(saved);
        if (!split || form.getValues('customer_phone') !== saved) return;
        form.setValue('phone_country', split.country);
        form.setValue('customer_phone', split.national);
      });
    }
    if (customer.address.country && !form.formState.dirtyFields.billing_address?.country) {
      form.setValue('billing_address.country', normalizeCountry(customer.address.country));
    }
  }, [customer, form]);
}
