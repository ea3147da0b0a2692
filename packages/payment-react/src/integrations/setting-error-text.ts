import type { Translate } from '@bazaar/i18n';
import type { z } from 'zod';
import { PRESET_NOT_LISTED } from './setting-form-schema.ts';

/**
 * The settings schema is shared with the server, so its own messages are English sentences, and
 * the server answers with the same ones; people read them in the page's language. A message
 * this list does not know is shown as it came.
 */
const KNOWN_MESSAGES = {
  'Expected an amount like 5 or 2.50': 'payment.integrations.error.amount',
  'maximum must not be below minimum': 'payment.integrations.error.maximumBelowMinimum',
  'Each preset must lie within minimum and maximum': 'payment.integrations.error.presetOutOfRange',
  'Give every beneficiary a percent, or none for equal shares': 'payment.integrations.error.percentsPartial',
  'Each address may appear once': 'payment.integrations.error.addressRepeated',
  [PRESET_NOT_LISTED]: 'payment.integrations.error.presetNotListed',
} as const;

const PERCENTS_TOTAL = /^Percents must add up to 100, not (-?\d+)$/;

export function settingErrorText(message: string | undefined, t: Translate): string | undefined {
  if (message === undefined) return undefined;
  if (message in KNOWN_MESSAGES) return t(KNOWN_MESSAGES[message as keyof typeof KNOWN_MESSAGES]);
  const total = PERCENTS_TOTAL.exec(message)?.[1];
  if (total !== undefined) return t('payment.integrations.error.percentsTotal', { total });
  return message;
}

/**
 * Zod's own messages for the checks the schema states without a message (lengths, the share
 * percent, the choices), in the page's language. Messages the schema names win over these.
 */
export function createIssueText(t: Translate) {
  return (issue: z.core.$ZodRawIssue): string => {
    if (issue.code === 'too_small' && issue.origin === 'string')
      return t('payment.integrations.error.required');
    if (issue.code === 'too_big' && issue.origin === 'string') {
      return t('payment.integrations.error.tooLong', { max: Number(issue.maximum) });
    }
    // The share percent is the only number on the form.
    const isNumber =
      ((issue.code === 'too_small' || issue.code === 'too_big') && issue.origin === 'number') ||
      (issue.code === 'invalid_type' && (issue.expected === 'number' || issue.expected === 'int'));
    if (isNumber) return t('payment.integrations.error.percent');
    return t('payment.integrations.error.invalid');
  };
}
