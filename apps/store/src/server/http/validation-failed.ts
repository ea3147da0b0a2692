import { AppError } from '@bazaar/server-kit';

/** A rule that needs the database or several fields failed: the same envelope a schema gives. */
export function validationFailed(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, [{ path, message }]);
}
