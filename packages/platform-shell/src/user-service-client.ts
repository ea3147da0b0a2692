import { isErrorEnvelope, USER_SERVICE_PATH, type ErrorCode, type ErrorDetail } from '@bazaar/schemas';

/** A failed call to the user service: its error code, or `network` when it was not reached. */
export class UserServiceError extends Error {
  readonly code: ErrorCode | 'network';
  readonly details: ErrorDetail[];

  constructor(code: ErrorCode | 'network', message: string, details: ErrorDetail[] = []) {
    super(message);
    this.name = 'UserServiceError';
    this.code = code;
    this.details = details;
  }
}

/** One JSON call to the platform's user service with the session cookie; its answer, unparsed. */
export async function callUserService(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${USER_SERVICE_PATH}${path}`, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new UserServiceError('network', String(error));
  }
  const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (response.ok) return payload;
  if (isErrorEnvelope(payload)) {
    throw new UserServiceError(payload.error.code, payload.error.message, payload.error.details);
  }
  throw new UserServiceError('network', `HTTP ${response.status}`);
}
