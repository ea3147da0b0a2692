import type { ErrorCodeTexts } from '../api-error-text.ts';

/** What posting or deleting a comment says for the codes it can meet. */
export const COMMENT_ERROR_TEXTS: ErrorCodeTexts = {
  COMMENT_RATE_LIMITED: 'store.comments.rateLimited',
  VALIDATION_FAILED: 'store.comments.invalid',
  NOT_FOUND: 'store.comments.gone',
};
