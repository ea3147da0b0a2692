import type { Translate } from '@bazaar/i18n';
import { UserServiceError } from '@bazaar/platform-shell';

const EXPLAINED = {
  AUTH_FAILED: 'platform.login.error.AUTH_FAILED',
  AUTH_CODE_EXPIRED: 'platform.login.error.AUTH_CODE_EXPIRED',
  AUTH_TOO_MANY_ATTEMPTS: 'platform.login.error.AUTH_TOO_MANY_ATTEMPTS',
  RATE_LIMITED: 'platform.login.error.RATE_LIMITED',
  AUTH_CODE_TOO_SOON: 'platform.login.error.AUTH_CODE_TOO_SOON',
  AUTH_CODE_DAILY_LIMIT: 'platform.login.error.AUTH_CODE_DAILY_LIMIT',
  AUTH_CODE_LOCKED: 'platform.login.error.AUTH_CODE_LOCKED',
  VALIDATION_FAILED: 'platform.login.error.VALIDATION_FAILED',
  network: 'platform.login.error.network',
} as const;

/** What to tell the person about a failed sign-in step, in their language. */
export function errorText(t: Translate, error: unknown): string {
  if (error instanceof UserServiceError && error.code in EXPLAINED) {
    return t(EXPLAINED[error.code as keyof typeof EXPLAINED]);
  }
  return t('common.unknownError');
}
