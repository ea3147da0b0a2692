import { ERROR_STATUS, type ErrorCode, type ErrorDetail, type ErrorEnvelope } from '@bazaar/schemas';

/** The one error class services throw; the HTTP layer turns it into the error envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetail[] | undefined;

  constructor(code: ErrorCode, message: string, details?: ErrorDetail[]) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toEnvelope(): ErrorEnvelope {
    return {
      error: { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) },
    };
  }
}

export function notFound(what: string, id: string): AppError {
  return new AppError('NOT_FOUND', `No such ${what}: ${id}`);
}
