import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { CheckoutSession, Customer } from '@bazaar/schemas';
import type { PaymentOption } from './checkout-amounts.ts';
import {
  checkoutFormRules,
  createCheckoutFormSchema,
  type CheckoutFormValues,
  type CheckoutSubmitValues,
} from './checkout-form-schema.ts';
import { DEFAULT_COUNTRY, DEFAULT_PHONE_COUNTRY } from './countries.ts';
import { useCheckoutPrefill } from './use-checkout-prefill.ts';

/**
 * The payer's contact and address form for this session and payment option, validated by the
 * rules they imply (a phone when the session collects one, an address as the method needs) and
 * filled from the payer's saved details.
 */
export function useCheckoutForm(
  session: CheckoutSession,
  option: PaymentOption,
  prefill: Customer | null | undefined,
) {
  const rules = checkoutFormRules(session, option.method.type === 'stripe');
  const { isPhoneRequired, addressMode } = rules;
  const schema = useMemo(
    () => createCheckoutFormSchema({ isPhoneRequired, addressMode }),
    [isPhoneRequired, addressMode],
  );
  const form = useForm<CheckoutFormValues, unknown, CheckoutSubmitValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      customer_name: '',
      customer_email: '',
      customer_phone: '',
      phone_country: DEFAULT_PHONE_COUNTRY,
      payment_method: option.method.id,
      payment_currency: option.currency.id,
      billing_address: {
        country: DEFAULT_COUNTRY,
        state: '',
        city: '',
        line1: '',
        line2: '',
        postal_code: '',
      },
    },
  });
  useCheckoutPrefill(form, prefill);
  return { form, isPhoneRequired, addressMode };
}
