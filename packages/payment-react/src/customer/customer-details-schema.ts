import { z } from 'zod';
import type { FieldPath } from 'react-hook-form';
import { addressSchema, updateCustomerBodySchema, type Customer, type ErrorDetail } from '@bazaar/schemas';
import { FIELD_INVALID, FIELD_REQUIRED } from '../checkout/checkout-form-schema.ts';
import { DEFAULT_PHONE_COUNTRY, normalizeCountry } from '../checkout/countries.ts';

/** The phone parser and its metadata load only when a number is checked or split. */
const loadPhone = () => import('../checkout/phone.ts');

const body = updateCustomerBodySchema.shape;

/**
 * The details form uses the checkout form's field names, so the checkout's own fields (name,
 * email, phone with its dial code, billing address) render it. Its output is the
 * `PUT /customers/me` body, whose schema is the server's; the server also checks the postal code
 * against the country and answers at the field. Parse it with `parseAsync` (the phone check is).
 */
export const customerDetailsSchema = z
  .object({
    customer_name: body.name,
    customer_email: z.string().trim().min(1, FIELD_REQUIRED).pipe(body.email),
    customer_phone: z.string(),
    // The dial-code picker's country; it shapes the phone number and is not sent.
    phone_country: z.string(),
    billing_address: addressSchema,
  })
  .superRefine(async (values, context) => {
    const phone = values.customer_phone.trim();
    if (phone && !(await loadPhone()).normalizePhone(phone, values.phone_country)) {
      context.addIssue({ code: 'custom', path: ['customer_phone'], message: FIELD_INVALID });
    }
  })
  .transform(async (values) => ({
    name: values.customer_name,
    email: values.customer_email,
    phone: values.customer_phone.trim()
      ? ((await loadPhone()).normalizePhone(values.customer_phone, values.phone_country) ?? '')
      : '',
    address: values.billing_address,
  }));

export type CustomerDetailsValues = z.input<typeof customerDetailsSchema>;
export type CustomerDetailsBody = z.output<typeof customerDetailsSchema>;

/** The form's values for saved details; a saved phone stays in E.164 until the parser splits it. */
export function customerDetailsValues(customer: Customer): CustomerDetailsValues {
  return {
    customer_name: customer.name,
    customer_email: customer.email,
    customer_phone: customer.phone,
    phone_country: DEFAULT_PHONE_COUNTRY,
    billing_address: { ...customer.address, country: normalizeCountry(customer.address.country) },
  };
}

/** A saved E.164 number as the picker's country and the national number, or null. */
export async function splitSavedPhone(phone: string) {
  return (await loadPhone()).splitInternationalPhone(phone);
}

const BODY_TO_FORM: Record<string, FieldPath<CustomerDetailsValues>> = {
  name: 'customer_name',
  email: 'customer_email',
  phone: 'customer_phone',
  'address.country': 'billing_address.country',
  'address.state': 'billing_address.state',
  'address.city': 'billing_address.city',
  'address.line1': 'billing_address.line1',
  'address.line2': 'billing_address.line2',
  'address.postal_code': 'billing_address.postal_code',
};

/** The form field a server validation problem names (`address.postal_code`), if it shows one. */
export function formFieldOf(problem: ErrorDetail): FieldPath<CustomerDetailsValues> | null {
  return BODY_TO_FORM[problem.path] ?? null;
}
