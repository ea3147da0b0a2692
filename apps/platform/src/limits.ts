/**
 * How much one client may ask of the platform. Request limits are counted in memory per node;
 * the email-code limits are counted in the database and hold across nodes and restarts.
 */
export interface PlatformLimits {
  /** Requests a minute from one network address while signed out (IPv6 counted by /64). */
  guestRequestsPerMinute: number;
  /** Requests a minute from one signed-in user, wherever they come from. */
  userRequestsPerMinute: number;
  /** Requests a minute for the built pages and their assets, per network address. */
  pageRequestsPerMinute: number;
  /** Requests a minute to each sign-in route (nonce, wallet, email start and verify, wallet binding, owner setup). */
  signInRequestsPerMinute: number;
  /** Code checks for one address within the window below; a new code does not reset them. */
  emailCodeAttemptsPerWindow: number;
  emailCodeAttemptWindowSeconds: number;
  /** Code mails to one address a day. */
  emailCodesPerAddressPerDay: number;
  /** Code mails asked for from one network address a day. */
  emailCodesPerIpPerDay: number;
  /** How often expired nonces, sessions, codes, counters and idempotency keys are deleted. */
  sweepIntervalSeconds: number;
  /** Rows one delete statement of the sweep removes, so a backlog never holds a long lock. */
  sweepBatchSize: number;
  /** Relay sockets open at once from one network address (per node); a page opens one per thing it waits for. */
  relaySocketsPerAddress: number;
  /** Analytics ping requests a minute from one network address; a page sends about one batch a second at most. */
  analyticsPingsPerMinute: number;
}

export const DEFAULT_PLATFORM_LIMITS: PlatformLimits = {
  guestRequestsPerMinute: 300,
  userRequestsPerMinute: 600,
  pageRequestsPerMinute: 1_200,
  signInRequestsPerMinute: 20,
  emailCodeAttemptsPerWindow: 10,
  emailCodeAttemptWindowSeconds: 3_600,
  emailCodesPerAddressPerDay: 10,
  emailCodesPerIpPerDay: 50,
  sweepIntervalSeconds: 300,
  sweepBatchSize: 1_000,
  relaySocketsPerAddress: 20,
  analyticsPingsPerMinute: 120,
};

/** The environment variable that overrides each limit. */
export const LIMIT_VARIABLES: Record<keyof PlatformLimits, string> = {
  guestRequestsPerMinute: 'RATE_LIMIT_GUEST_PER_MINUTE',
  userRequestsPerMinute: 'RATE_LIMIT_USER_PER_MINUTE',
  pageRequestsPerMinute: 'RATE_LIMIT_PAGES_PER_MINUTE',
  signInRequestsPerMinute: 'RATE_LIMIT_SIGN_IN_PER_MINUTE',
  emailCodeAttemptsPerWindow: 'EMAIL_CODE_ATTEMPTS_PER_WINDOW',
  emailCodeAttemptWindowSeconds: 'EMAIL_CODE_ATTEMPT_WINDOW_SECONDS',
  emailCodesPerAddressPerDay: 'EMAIL_CODES_PER_ADDRESS_PER_DAY',
  emailCodesPerIpPerDay: 'EMAIL_CODES_PER_IP_PER_DAY',
  sweepIntervalSeconds: 'SWEEP_INTERVAL_SECONDS',
  sweepBatchSize: 'SWEEP_BATCH_SIZE',
  relaySocketsPerAddress: 'RELAY_SOCKETS_PER_ADDRESS',
  analyticsPingsPerMinute: 'RATE_LIMIT_ANALYTICS_PER_MINUTE',
};
