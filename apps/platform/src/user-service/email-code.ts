import { randomInt, timingSafeEqual } from 'node:crypto';
import { createTranslator } from '@bazaar/i18n';
import { randomToken } from '@bazaar/schemas';
import { AppError, sha256Hex } from '@bazaar/server-kit';
import type { PlatformLimits } from '../limits.ts';
import {
  consumeEmailCode,
  countRateEvent,
  deleteRateCounter,
  findEmailCode,
  findUserByEmail,
  saveEmailCode,
  spendEmailCodeAttempt,
} from './repository.ts';
import { findOrCreateUser, startSession, type IssuedSession, type UserServiceDeps } from './service.ts';

export const EMAIL_CODE_LIFETIME_SECONDS = 10 * 60;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
/** One code per address per interval, so the sign-in form cannot be used to flood an inbox. */
export const EMAIL_CODE_INTERVAL_SECONDS = 30;
const DAY_SECONDS = 24 * 3_600;

export interface EmailCodeDeps extends UserServiceDeps {
  limits: Pick<
    PlatformLimits,
    | 'emailCodeAttemptsPerWindow'
    | 'emailCodeAttemptWindowSeconds'
    | 'emailCodesPerAddressPerDay'
    | 'emailCodesPerIpPerDay'
  >;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function hashCode(email: string, code: string): string {
  return sha256Hex(`${email}:${code}`);
}

/**
 * Counts one more use of `key` and says whether it stays within `max` for the window. The count
 * lives in the database, so the limit holds across nodes and restarts.
 */
async function isWithinLimit(
  deps: UserServiceDeps,
  limit: { key: string; max: number; windowSeconds: number },
): Promise<boolean> {
  const count = await countRateEvent(deps.db, {
    key: limit.key,
    windowSeconds: limit.windowSeconds,
    now: deps.clock.now(),
  });
  return count <= limit.max;
}

/**
 * Sends a fresh 6-digit code to `email`, replacing any earlier one: one per address every 30 s,
 * and a daily number per address and per network address asking (`clientAddress`), so the form
 * can neither flood one inbox nor mail a list of strangers.
 */
export async function startEmailSignIn(
  deps: EmailCodeDeps,
  input: { email: string; locale?: string | undefined; clientAddress: string },
): Promise<void> {
  const email = normalizeEmail(input.email);
  const now = deps.clock.now();
  const previous = await findEmailCode(deps.db, email);
  if (previous && previous.created_at > now - EMAIL_CODE_INTERVAL_SECONDS) {
    throw new AppError(
      'AUTH_CODE_TOO_SOON',
      `A code was sent less than ${EMAIL_CODE_INTERVAL_SECONDS} seconds ago`,
    );
  }
  // The network address is counted first: once it is over its cap, its requests stop using up
  // the daily mails of the addresses it names.
  const perNetworkAddress = {
    key: `email-codes-from:${input.clientAddress}`,
    max: deps.limits.emailCodesPerIpPerDay,
    windowSeconds: DAY_SECONDS,
  };
  if (!(await isWithinLimit(deps, perNetworkAddress))) {
    throw new AppError(
      'AUTH_CODE_DAILY_LIMIT',
      `${input.clientAddress} has asked for its sign-in codes for the day`,
    );
  }
  const perAddress = {
    key: `email-codes-to:${email}`,
    max: deps.limits.emailCodesPerAddressPerDay,
    windowSeconds: DAY_SECONDS,
  };
  if (!(await isWithinLimit(deps, perAddress))) {
    throw new AppError('AUTH_CODE_DAILY_LIMIT', 'This address has had its sign-in codes for the day');
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

/**
 * Signs in with the emailed code; a new address becomes a new user with a `did:bazaar:` DID.
 * Every try counts against the address for a window that a new code does not reset (each code
 * allows only five, but a guesser could ask for new codes all day); a right code clears the
 * count, and while the address is over it even a right code is refused.
 */
export async function verifyEmailSignIn(
  deps: EmailCodeDeps,
  input: { email: string; code: string },
): Promise<IssuedSession> {
  const email = normalizeEmail(input.email);
  const attempts = {
    key: `email-code-attempts:${email}`,
    max: deps.limits.emailCodeAttemptsPerWindow,
    windowSeconds: deps.limits.emailCodeAttemptWindowSeconds,
  };
  if (!(await isWithinLimit(deps, attempts))) {
    throw new AppError(
      'AUTH_CODE_LOCKED',
      'Too many codes were tried for this address; wait before trying again',
    );
  }
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
  await deleteRateCounter(deps.db, attempts.key);

  const user = await findOrCreateUser(deps, () => findUserByEmail(deps.db, email), {
    did: `did:bazaar:${randomToken()}`,
    name: email.split('@')[0] ?? email,
    email,
    wallet_address: null,
  });
  return startSession(deps, user);
}
