import type { Translate } from '@bazaar/i18n';
import { FIELD_INVALID, FIELD_REQUIRED } from './checkout-form-schema.ts';

/** Schema messages are codes ('Required', 'Invalid'); people read them in their language. */
export function fieldErrorText(message: string | undefined, t: Translate): string | undefined {
  if (message === FIELD_REQUIRED) return t('payment.checkout.form.required');
  if (message === FIELD_INVALID) return t('payment.checkout.form.invalid');
  return message;
}
