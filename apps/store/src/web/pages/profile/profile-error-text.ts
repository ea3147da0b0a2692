import type { Translate } from '@bazaar/i18n';
import { UserServiceError } from '@bazaar/platform-shell';
import { avatarRefusal } from './profile-api.ts';

/** What to tell the person about a failed profile change, in their language. */
export function profileErrorText(t: Translate, error: unknown): string {
  if (!(error instanceof UserServiceError)) return t('common.unknownError');
  switch (avatarRefusal(error)) {
    case 'AVATAR_TOO_LARGE':
      return t('store.profile.avatar.tooLarge');
    case 'AVATAR_INVALID':
      return t('store.profile.avatar.invalid');
    case null:
      break;
  }
  if (error.code === 'VALIDATION_FAILED' && error.details.some((detail) => detail.path === 'fullName')) {
    return t('store.profile.name.invalid');
  }
  if (error.code === 'UNAUTHENTICATED') return t('store.profile.error.signedOut');
  if (error.code === 'RATE_LIMITED') return t('store.profile.error.rateLimited');
  if (error.code === 'network') return t('store.profile.error.network');
  return t('common.unknownError');
}
