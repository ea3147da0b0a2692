import { callUserService } from './user-service-client.ts';
import { sessionResponseSchema, USER_SERVICE_PATH, type SessionUser } from '@bazaar/schemas';

/** The signed-in user by the session cookie, or null; a failure reads as signed out. */
export async function fetchSession(signal?: AbortSignal): Promise<SessionUser | null> {
  const response = await fetch(`${USER_SERVICE_PATH}/session`, {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    signal,
  });
  if (!response.ok) return null;
  return sessionResponseSchema.parse(await response.json()).user;
}

/** Ends the session on the server; the cookie goes with it. */
export async function endSession(): Promise<void> {
  await callUserService('POST', '/logout');
}
