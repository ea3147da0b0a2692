import { z } from 'zod';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { addressSchema, submitCheckoutBodySchema, type CheckoutSession } from '@bazaar/schemas';

/** The phone parser and its country metadata load only once a number is typed (most checkouts never ask). */
const loadPhone = () => import('./phone.ts');

/** Which address fields a session asks for: all of them, the postal code and country, or none. */
export type AddressMode = 'full' | 'postal' | 'none';

export interface CheckoutFormRules {
  isPhoneRequired: boolean;
  addressMode: AddressMode;
}

export const FIELD_REQUIRED = 'Required';
export const FIELD_INVALID = 'Invalid';

/** Required billing mode asks for the full address; card payments otherwise need postal code and country. */
export function checkoutFormRules(session: CheckoutSession, isCardPayment: boolean): CheckoutFormRules {
  const addressMode: AddressMode =
    session.billing_address_collection === 'required' ? 'full' : isCardPayment ? 'postal' : 'none';
  return { isPhoneRequired: session.phone_number_collection.enabled, addressMode };
}

const FULL_ADDRESS_FIELDS = ['line1', 'city', 'state', 'postal_code'] as const;

function isPostalCodeValid(code: string, country: string): boolean {
  const upper = country.toUpperCase();
  return !postcodeValidatorExistsForCountry(upper) || postcodeValidator(code.trim(), upper);
}

/**
 * The form's schema is the submit body's schema (the server validates with the same one),
 * tightened by what this session collects. Phone numbers come out in E.164. It checks phones
 * asynchronously, so parse it with `parseAsync` (react-hook-form's zod resolver does).
 */
export function createCheckoutFormSchema(rules: CheckoutFormRules) {
  const base = submitCheckoutBodySchema.shape;
  return submitCheckoutBodySchema
    .extend({
      customer_email: z.string().trim().min(1, FIELD_REQUIRED).pipe(base.customer_email),
      customer_phone: z.string(),
      // The dial-code picker's country; it shapes the phone number and is not sent.
      phone_country: z.string(),
      billing_address: addressSchema,
    })
    .superRefine(async (values, context) => {
      const phone = values.customer_phone.trim();
      if (rules.isPhoneRequired && !phone) {
        context.addIssue({ code: 'custom', path: ['customer_phone'], message: FIELD_REQUIRED });
      } else if (phone && !(await loadPhone()).normalizePhone(phone, values.phone_country)) {
        context.addIssue({ code: 'custom', path: ['customer_phone'], message: FIELD_INVALID });
      }
      if (rules.addressMode === 'none') return;
      const address = values.billing_address;
      const required = rules.addressMode === 'full' ? FULL_ADDRESS_FIELDS : (['postal_code'] as const);
      for (const field of required) {
        if (!address[field].trim())
          context.addIssue({ code: 'custom', path: ['billing_address', field], message: FIELD_REQUIRED });
      }
      if (address.postal_code.trim() && !isPostalCodeValid(address.postal_code, address.country)) {
        context.addIssue({
          code: 'custom',
          path: ['billing_address', 'postal_code'],
          message: FIELD_INVALID,
        });
      }
    })
    .transform(async ({ phone_country: phoneCountry, ...values }) => ({
      ...values,
      customer_phone: values.customer_phone.trim()
        ? ((await loadPhone()).normalizePhone(values.customer_phone, phoneCountry) ?? '')
        : '',
      billing_address: rules.addressMode === 'none' ? undefined : values.billing_address,
    }));
}

export type CheckoutFormSchema = ReturnType<typeof createCheckoutFormSchema>;
export type CheckoutFormValues = z.input<CheckoutFormSchema>;
export type CheckoutSubmitValues = z.output<CheckoutFormSchema>;
