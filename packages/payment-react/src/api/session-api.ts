import { z } from 'zod';
import { customerSchema, sessionUserSchema, USER_SERVICE_PATH } from '@bazaar/schemas';
import type { ApiClient } from './api-client.ts';
import { ApiError } from './api-error.ts';

const sessionResponseSchema = z.object({ user: sessionUserSchema.nullable() });

/** Where the platform's user service answers: `https://host/.well-known/service/user`. */
export function userServiceBase(platformUrl: string): string {
  return `${platformUrl.replace(/\/$/, '')}${USER_SERVICE_PATH}`;
}

/** The signed-in platform user, or null for a guest. */
export async function fetchSessionUser(doFetch: typeof fetch, platformUrl: string) {
  const response = await doFetch(`${userServiceBase(platformUrl)}/session`, {
    credentials: 'include',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) return null;
  return sessionResponseSchema.parse(await response.json()).user;
}

/** The payer's saved contact details in one mode, for prefilling; null when signed out. */
export async function fetchCustomerMe(api: ApiClient, livemode: boolean) {
  try {
    return await api('/api/customers/me', {
      query: { skipSummary: '1', fallback: '1', livemode: String(livemode) },
      schema: customerSchema.nullable(),
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
