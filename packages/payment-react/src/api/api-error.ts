import { isErrorEnvelope, type ErrorCode, type ErrorDetail } from '@bazaar/schemas';

/** A failed API call, carrying the server's error envelope when there was one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly details: ErrorDetail[];

  constructor(status: number, code: string | null, message: string, details: ErrorDetail[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /** Builds the error from a response body: the envelope when it is one, else the status line. */
  static fromResponse(status: number, statusText: string, body: unknown): ApiError {
    if (isErrorEnvelope(body)) {
      const { code, message, details } = body.error;
      return new ApiError(status, code, message, details ?? []);
    }
    return new ApiError(status, null, statusText || `Request failed with status ${status}`);
  }
}

/** Whether a call failed with this server error code: `hasErrorCode(error, 'WALLET_REQUIRED')`. */
export function hasErrorCode(error: unknown, code: ErrorCode): error is ApiError {
  return error instanceof ApiError && error.code === code;
}
