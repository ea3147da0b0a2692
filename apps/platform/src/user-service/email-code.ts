import { randomInt, timingSafeEqual } from 'node:crypto';
import { createTranslator } from '@bazaar/i18n';
import { randomToken } from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import {
  consumeEmailCode,
  findEmailCode,
  findUserByEmail,
  saveEmailCode,
  spendEmailCodeAttempt,
} from './repository.ts';
import {
  findOrCreateUser,
  sha256,
  startSession,
  type IssuedSession,
  type UserServiceDeps,
} from './service.ts';

export const EMAIL_CODE_LIFETIME_SECONDS = 10 * 60;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
/** One code per address per interval, so the sign-in form cannot be used to flood an inbox. */
export const EMAIL_CODE_INTERVAL_SECONDS = 30;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function hashCode(email: string, code: string): string {
  return sha256(`${email}:${code}`);
}

/** Sends a fresh 6-digit code to `email`, replacing any earlier one. */
export async function startEmailSignIn(
  deps: UserServiceDeps,
  input: { email: string; locale?: string | undefined },
): Promise<void> {
  const email = normalizeEmail(input.email);
  const now = deps.clock.now();
  const previous = await findEmailCode(deps.db, email);
  if (previous && previous.created_at > now - EMAIL_CODE_INTERVAL_SECONDS) {
    throw new AppError(
      'RATE_LIMITED',
      `A code was sent less than ${EMAIL_CODE_INTERVAL_SECONDS} seconds ago`,
    );
  }
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  await saveEmailCode(deps.db, {
    email,
    code_hash: hashCode(email, code),
    attempts: 0,
    created_at: now,
    expires_at: now + EMAIL_CODE_LIFETIME_SECONDS,
  });
  const t = createTranslator(input.locale);
  const params = { appName: deps.appName, code, minutes: EMAIL_CODE_LIFETIME_SECONDS / 60 };
  await deps.mailer.send({
    to: email,
    subject: t('platform.email.subject', params),
    text: t('platform.email.body', params),
  });
}

/** Signs in with the emailed code; a new address becomes a new user with a `did:bazaar:` DID. */
export async function verifyEmailSignIn(
  deps: UserServiceDeps,
  input: { email: string; code: string },
): Promise<IssuedSession> {
  const email = normalizeEmail(input.email);
  const now = deps.clock.now();
  if (!(await spendEmailCodeAttempt(deps.db, email, now, EMAIL_CODE_MAX_ATTEMPTS))) {
    const stored = await findEmailCode(deps.db, email);
    if (stored && stored.expires_at > now) {
      throw new AppError('AUTH_TOO_MANY_ATTEMPTS', 'Too many wrong codes; ask for a new one');
    }
    throw new AppError('AUTH_CODE_EXPIRED', 'The code has expired; ask for a new one');
  }
  const stored = await findEmailCode(deps.db, email);
  const expected = Buffer.from(stored?.code_hash ?? '');
  const given = Buffer.from(hashCode(email, input.code));
  const isMatch = expected.length === given.length && timingSafeEqual(expected, given);
  if (!isMatch || !(await consumeEmailCode(deps.db, email, given.toString()))) {
    throw new AppError('AUTH_FAILED', 'The code is not correct');
  }

  const user = await findOrCreateUser(deps, () => findUserByEmail(deps.db, email), {
    did: `did:bazaar:${randomToken()}`,
    name: email.split('@')[0] ?? email,
    email,
    wallet_address: null,
  });
  return startSession(deps, user);
}
