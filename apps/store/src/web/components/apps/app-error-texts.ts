import type { ErrorCodeTexts } from '../api-error-text.ts';

/**
 * What the app pages say for the refusals of the apps' routes (the rest are the shared texts):
 * `apiErrorText(t, error, APP_ERROR_TEXTS)`.
 */
export const APP_ERROR_TEXTS: ErrorCodeTexts = {
  VERSION_STATE_INVALID: 'store.apps.error.versionStateInvalid',
  VERSION_NOT_GREATER: 'store.apps.error.versionNotGreater',
  APP_BLOCKED: 'store.apps.blocked.title',
  APP_NOT_OWNED: 'store.apps.error.notOwned',
  APP_IN_REVIEW: 'store.apps.error.inReview',
  NOT_FOUND: 'store.apps.error.notFound',
};

/** A list the server failed to give says the spec's "Request apps Error, please try again later". */
export const APP_LIST_ERROR_TEXTS: ErrorCodeTexts = {
  ...APP_ERROR_TEXTS,
  INTERNAL: 'store.apps.error.listLoad',
};
