import { describe, expect, it } from 'vitest';
import { createTranslator, en as english, zh as chinese } from '@bazaar/i18n';
import { ERROR_CODES } from '@bazaar/schemas';
import { ApiError } from './api-error.ts';
import { extractErrorText } from './error-text.ts';

const en = createTranslator('en');
const zh = createTranslator('zh');

describe('extractErrorText', () => {
  it('joins a list of errors with newlines', () => {
    expect(extractErrorText(['First problem', new Error('Second problem')], en)).toBe(
      'First problem\nSecond problem',
    );
  });

  it('turns validation details into "Validate failed" with path and message pairs', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Bad body', [
      { path: 'customer_email', message: 'Invalid' },
      { path: 'customer_name', message: 'Required' },
    ]);
    expect(extractErrorText(error, en)).toBe(
      'Validate failed: customer_email: Invalid; customer_name: Required',
    );
    expect(extractErrorText(error, zh)).toBe('校验失败: customer_email: Invalid; customer_name: Required');
  });

  it('reads a known error code in the page language', () => {
    const error = new ApiError(402, 'card_declined', 'Card declined by network');
    expect(extractErrorText(error, en)).toBe('Your card was declined.');
    expect(extractErrorText(error, zh)).toBe('您的银行卡被拒绝。');
    expect(extractErrorText(new ApiError(400, 'quantityNotEnough', 'x'), en)).toBe('Exceed inventory');
  });

  it("uses the server's message when the answer carries no code, and the error field of a plain object", () => {
    expect(extractErrorText(new ApiError(502, null, 'Bad Gateway'), en)).toBe('Bad Gateway');
    expect(extractErrorText({ error: 'Price is not available' }, en)).toBe('Price is not available');
  });

  it('falls back to "Unknown error"', () => {
    expect(extractErrorText(undefined, en)).toBe('Unknown error');
    expect(extractErrorText({}, zh)).toBe('未知错误');
    expect(extractErrorText([], en)).toBe('Unknown error');
  });
});

/**
 * Codes a payer never reads from the Payment Kit: sign-in failures and the owner's setup code
 * are worded by the platform's login pages, catalogue edits and test clocks are an
 * administrator's, a refused relay socket only leaves the page polling, and a refused avatar is
 * worded by the profile page. Every other code
 * needs payer text.
 */
const NOT_MET_BY_PAYERS: readonly string[] = [
  'AUTH_FAILED',
  'AUTH_CODE_EXPIRED',
  'AUTH_TOO_MANY_ATTEMPTS',
  'SETUP_CODE_INVALID',
  'SETUP_COMPLETED',
  'AUTH_CODE_TOO_SOON',
  'AUTH_CODE_DAILY_LIMIT',
  'AUTH_CODE_LOCKED',
  'OBJECT_IN_USE',
  'TEST_CLOCK_INVALID',
  'RELAY_SOCKETS_LIMITED',
  'AVATAR_TOO_LARGE',
  'AVATAR_INVALID',
  // The Store's developer, invitation, access-token, category, bundle and app review codes: the Store's own pages
  // (and its CLI) word them; a payer never meets them in the Payment Kit.
  'DEVELOPER_REQUIRED',
  'DEVELOPER_REVOKED',
  'ALREADY_DEVELOPER',
  'INVITATION_INVALID',
  'INVITATION_EXPIRED',
  'INVITATION_CANCELLED',
  'INVITATION_USED',
  'INVITATION_MISMATCH',
  'TOKEN_NAME_MISMATCH',
  'TOKEN_INVALID',
  'TOKEN_EXPIRED',
  'TOKEN_REVOKED',
  'TOKEN_SCOPE_MISSING',
  'TOKEN_LIMIT_REACHED',
  'CATEGORY_EXISTS',
  'BUNDLE_TOO_LARGE',
  'BUNDLE_CORRUPT',
  'BUNDLE_PATH_UNSAFE',
  'BUNDLE_LINK',
  'BUNDLE_MANIFEST_INVALID',
  'BUNDLE_SIGNATURE_INVALID',
  'BUNDLE_FILE_MISMATCH',
  'BUNDLE_INTEGRITY_MISMATCH',
  'APP_NAME_TAKEN',
  'APP_NOT_OWNED',
  'VERSION_NOT_GREATER',
  'APP_BLOCKED',
  'APP_IN_REVIEW',
  'VERSION_STATE_INVALID',
  'CONNECT_SESSION_INVALID',
  // Developer staking: the Store's /join page words these; the kit answers CURRENCY_UNKNOWN only to the Store.
  'CURRENCY_UNKNOWN',
  'STAKING_CLOSED',
  'STAKE_NOT_HELD',
  // The Store's app page words these (buying and downloading a paid app).
  'APP_NOT_FOR_SALE',
  'ALREADY_PURCHASED',
  'LICENCE_REQUIRED',
  // Only an installed app's own report gets it; no page shows it.
  'INSTANCE_REPORT_INVALID',
  // The Store's comments on app pages word it.
  'COMMENT_RATE_LIMITED',
];

describe('every error a payer can meet has text in both languages', () => {
  const payerCodes = ERROR_CODES.filter((code) => !NOT_MET_BY_PAYERS.includes(code));

  it.each(payerCodes)('%s', (code) => {
    const key = `payment.error.${code}`;
    expect(english).toHaveProperty([key]);
    expect(chinese).toHaveProperty([key]);
    expect(extractErrorText(new ApiError(400, code, 'internal wording'), zh)).not.toBe('internal wording');
  });
});
