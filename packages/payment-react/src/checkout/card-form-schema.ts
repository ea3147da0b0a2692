import { z } from 'zod';
import { testCardConfirmBodySchema } from '@bazaar/schemas';
import { FIELD_INVALID, FIELD_REQUIRED } from './checkout-form-schema.ts';

const EXPIRY_PATTERN = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/;
const required = z.string().trim().min(1, FIELD_REQUIRED);

/**
 * The card form: what the payer types (spaced number, `MM / YY`) turned into the test card
 * network's `card` body, which then validates it with its own schema.
 */
export const cardFormSchema = z
  .object({
    number: required
      .transform((value) => value.replace(/\s+/g, ''))
      .pipe(z.string().regex(/^\d{12,19}$/, FIELD_INVALID)),
    expiry: required.pipe(z.string().regex(EXPIRY_PATTERN, FIELD_INVALID)),
    cvc: required.pipe(testCardConfirmBodySchema.shape.card.shape.cvc),
  })
  .transform(({ number, expiry, cvc }) => {
    const [, month = '', year = ''] = EXPIRY_PATTERN.exec(expiry) ?? [];
    return { number, exp_month: Number(month), exp_year: 2000 + Number(year), cvc };
  })
  .pipe(testCardConfirmBodySchema.shape.card);

export type CardFormValues = z.input<typeof cardFormSchema>;

/** `'4242424242'` → `'4242 4242 42'` while typing. */
export function formatCardNumberInput(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** `'1234'` → `'12 / 34'` while typing. */
export function formatExpiryInput(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}
