import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, extractErrorText } from '@bazaar/payment-react';
import type { Translate } from '@bazaar/i18n';

/**
 * Puts the API's validation problems on the fields they name (`tiers.1.up_to`, or `images` for
 * `images.2`, the nearest field a form shows) and answers the text of whatever is left, for an
 * alert above the form; `null` when every problem found its field.
 */
export function applyApiErrors<Values extends FieldValues>(
  error: unknown,
  { setError, fields, t }: { setError: UseFormSetError<Values>; fields: readonly string[]; t: Translate },
): string | null {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED' || error.details.length === 0) {
    return extractErrorText(error, t);
  }
  const unplaced: string[] = [];
  for (const detail of error.details) {
    const field = nearestField(detail.path, fields);
    if (field) setError(field as Path<Values>, { type: 'server', message: detail.message });
    else unplaced.push(detail.path ? `${detail.path}: ${detail.message}` : detail.message);
  }
  return unplaced.length > 0 ? unplaced.join('\n') : null;
}

function nearestField(path: string, fields: readonly string[]): string | undefined {
  const segments = path.split('.');
  for (let length = segments.length; length > 0; length -= 1) {
    const candidate = segments.slice(0, length).join('.');
    if (fields.some((field) => field === candidate || patternMatches(field, candidate))) return candidate;
  }
  return undefined;
}

/** `tiers.*.up_to` names every tier's `up_to`. */
function patternMatches(pattern: string, path: string): boolean {
  if (!pattern.includes('*')) return false;
  const source = pattern.split('.').map((part) => (part === '*' ? '\\d+' : part.replace(/[.]/g, '\\.')));
  return new RegExp(`^${source.join('\\.')}$`).test(path);
}

/** What an alert says of a change the server refused or never got; `null` when nothing failed. */
export function saveFailureText(error: unknown, t: Translate): string | null {
  return error ? t('payment.admin.saveFailed', { reason: extractErrorText(error, t) }) : null;
}
