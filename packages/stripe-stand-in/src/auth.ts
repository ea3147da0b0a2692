import { authenticationError } from './api-error.ts';
import type { Access } from './context.ts';
import type { FormFields } from './form-body.ts';
import type { KeysAllowed } from './routes.ts';

const SECRET_KEY = /^(sk|rk)_test_[A-Za-z0-9_]+$/;
const PUBLISHABLE_KEY = /^pk_test_[A-Za-z0-9_]+$/;

/** The key from `Authorization: Bearer …` (the SDK) or `Basic` (curl's `-u sk_…:`). */
function keyOfHeader(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const [scheme, value = ''] = authorization.trim().split(/\s+/, 2);
  if (scheme?.toLowerCase() === 'bearer') return value;
  if (scheme?.toLowerCase() === 'basic')
    return Buffer.from(value, 'base64').toString('utf8').split(':')[0] ?? '';
  return null;
}

/** As Stripe shows a key it refuses: its kind and last four characters. */
function redact(key: string): string {
  const prefix = /^[a-z]+_(test|live)_/.exec(key)?.[0] ?? '';
  return `${prefix}${'*'.repeat(Math.max(key.length - prefix.length - 4, 0))}${key.slice(-4)}`;
}

/**
 * Who is calling. Stripe.js sends its publishable key as the `key` parameter (body or query),
 * which is taken out of the parameters here; servers send a secret key as Bearer. Any test-mode
 * key is accepted: the stand-in is one account.
 */
export function authenticate(
  authorization: string | undefined,
  params: FormFields,
  keys: KeysAllowed,
): Access {
  const keyParam = typeof params.key === 'string' ? params.key : null;
  delete params.key;
  const key = keyOfHeader(authorization) ?? keyParam;
  if (!key) {
    throw authenticationError(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    );
  }
  if (SECRET_KEY.test(key)) return 'secret';
  if (!PUBLISHABLE_KEY.test(key)) throw authenticationError(`Invalid API Key provided: ${redact(key)}`);
  if (keys === 'secret') {
    throw authenticationError(
      'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
    );
  }
  return 'publishable';
}
