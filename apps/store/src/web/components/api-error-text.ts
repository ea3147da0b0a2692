import type { MessageKey, Translate, TranslateParams } from '@bazaar/i18n';
import type { ErrorCode } from '@bazaar/schemas';
import { StoreApiError } from '../api/store-api.ts';

/** What a feature says for the codes it knows better than the generic texts. */
export type ErrorCodeTexts = Partial<Record<ErrorCode, MessageKey>>;

/** The texts every Store page shares, for the codes any call may answer. */
const SHARED_TEXTS: ErrorCodeTexts = {
  UNAUTHENTICATED: 'store.error.signedOut',
  FORBIDDEN: 'store.error.forbidden',
  RATE_LIMITED: 'store.error.rateLimited',
  NOT_FOUND: 'store.error.notFound',
  DEVELOPER_REQUIRED: 'store.developer.required',
  DEVELOPER_REVOKED: 'store.developer.revoked.title',
};

/**
 * What to tell the person about a failed call, in their language: the feature's text for the code,
 * else the shared one, else the spec's 'Sorry, request error' (4xx) or 'Sorry, something went
 * wrong.' (5xx and anything that is no API answer).
 */
export function apiErrorText(
  t: Translate,
  error: unknown,
  texts: ErrorCodeTexts = {},
  params?: TranslateParams,
): string {
  if (!(error instanceof StoreApiError)) return t('store.error.500');
  if (error.code === 'network') {
    return error.status >= 500 || error.status === 0 ? t('store.error.network') : t('store.error.400');
  }
  const key = texts[error.code] ?? SHARED_TEXTS[error.code];
  if (key) return t(key, params);
  return error.status >= 500 ? t('store.error.500') : t('store.error.400');
}
