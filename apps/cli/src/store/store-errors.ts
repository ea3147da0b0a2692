import { CliError, type CliErrorDetail } from '../cli-error.ts';

/** The spec's texts: "Failed to connect to store", and "Invalid Session" (use the connect command again). */
export const FAILED_TO_CONNECT = 'Failed to connect to store';
export const INVALID_SESSION = 'Invalid Session';

const RECONNECT = 'Run bazaar connect to get a new access token';

/**
 * What the CLI says for the Store's codes it knows better than the Store's message; other codes
 * print the Store's message as it is. The code itself is always printed too.
 */
const STORE_CODE_TEXTS: Record<string, { message?: string; hint?: string }> = {
  UNAUTHENTICATED: { message: 'The store needs an access token for this', hint: RECONNECT },
  TOKEN_INVALID: { message: 'The access token is not valid', hint: RECONNECT },
  TOKEN_EXPIRED: { message: 'The access token has expired', hint: RECONNECT },
  TOKEN_REVOKED: { message: 'The access token was deleted', hint: RECONNECT },
  TOKEN_SCOPE_MISSING: {
    message: 'The access token may not do this (a scope is missing)',
    hint: 'Use a token with the upload, publish and read scopes: bazaar connect makes one',
  },
  DEVELOPER_REQUIRED: {
    message: 'You have no valid Developer NFT, please register as a developer first',
  },
  DEVELOPER_REVOKED: { message: 'Your developer status was revoked by the store admin' },
  CONNECT_SESSION_INVALID: {
    message: INVALID_SESSION,
    hint: 'Use the connect command again: bazaar connect',
  },
  RATE_LIMITED: { message: 'Too many requests to the store', hint: 'Wait a minute and try again' },
  TOKEN_LIMIT_REACHED: {
    message: 'You hold as many access tokens as the store allows',
    hint: 'Delete one you no longer use on the store’s Access tokens page, then connect again',
  },
  BUNDLE_TOO_LARGE: { message: 'The bundle is larger than the store accepts' },
  VERSION_NOT_GREATER: {
    hint: 'Raise "version" in bazaar.json, then run bazaar bundle and bazaar upload again',
  },
  APP_NAME_TAKEN: { hint: 'Choose another "name" in bazaar.json' },
  APP_NOT_OWNED: { message: 'This app (its DID) belongs to another developer' },
};

/** The CLI's error for a refusal the Store answered with its envelope. */
export function storeRefusal(code: string, storeMessage: string, details: CliErrorDetail[] = []): CliError {
  const text = STORE_CODE_TEXTS[code];
  return new CliError(code, text?.message ?? storeMessage, { details, hint: text?.hint });
}

/** The CLI's error when the Store could not be reached at all. */
export function storeUnreachable(store: string, cause: unknown): CliError {
  const reason = (cause as { cause?: { code?: string; message?: string } })?.cause;
  const why = reason?.code ?? reason?.message ?? (cause as Error)?.message ?? String(cause);
  return new CliError('STORE_UNREACHABLE', `${FAILED_TO_CONNECT}: ${store} (${why})`, {
    cause,
    hint: 'Check the address and your network, then try again',
  });
}

/** The CLI's error when something answered that is not a Bazaar Store (or not this version of one). */
export function notAStore(store: string, what: string): CliError {
  return new CliError('STORE_BAD_RESPONSE', `${FAILED_TO_CONNECT}: ${store} ${what}`, {
    hint: 'Is this the address of a Bazaar Store?',
  });
}
