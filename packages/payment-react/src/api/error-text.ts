import { en, type MessageKey, type Translate } from '@bazaar/i18n';
import { ApiError } from './api-error.ts';

function errorCodeKey(code: string | null): MessageKey | null {
  const key = `payment.error.${code}`;
  return code && key in en ? (key as MessageKey) : null;
}

function hasStringField<K extends string>(value: unknown, key: K): value is Record<K, string> {
  return (
    typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>)[key] === 'string'
  );
}

/**
 * The text a person reads for a failure: a list is joined by newlines; validation details become
 * "Validate failed" with `path: message` pairs; a known error code reads in the page's language;
 * otherwise the server's message; "Unknown error" as the last resort.
 */
export function extractErrorText(error: unknown, t: Translate): string {
  if (Array.isArray(error)) {
    const texts = error.map((item) => extractErrorText(item, t));
    return texts.length > 0 ? texts.join('\n') : t('common.unknownError');
  }
  if (error instanceof ApiError) {
    if (error.details.length > 0) {
      const pairs = error.details.map((detail) => `${detail.path}: ${detail.message}`);
      return `${t('payment.checkout.error.validateFailed')}: ${pairs.join('; ')}`;
    }
    const key = errorCodeKey(error.code);
    if (key) return t(key);
  }
  if (typeof error === 'string' && error.trim()) return error;
  if (hasStringField(error, 'error') && error.error.trim()) return error.error;
  if (error instanceof Error && error.message.trim()) return error.message;
  if (hasStringField(error, 'message') && error.message.trim()) return error.message;
  return t('common.unknownError');
}
