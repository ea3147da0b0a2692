import { z } from 'zod';
import { testClockSchema } from './billing.ts';
import { timestampSchema } from './common.ts';

/**
 * The admin's test clocks (test mode only). An advance runs in steps, one due moment at a time
 * (Stripe's statuses): `advancing` while it runs, `ready` when the clock stands at its target,
 * `internal_failure` when a step failed (the clock stays where it got to and may be advanced again).
 */
export const TEST_CLOCK_STATUSES = ['ready', 'advancing', 'internal_failure'] as const;
export type TestClockStatus = (typeof TEST_CLOCK_STATUSES)[number];

/** The latest advance of a clock: where it started, where it goes, and what it did so far. */
export const testClockAdvanceSchema = z.object({
  from_time: timestampSchema,
  target_frozen_time: timestampSchema,
  /** Subscriptions renewed (or ended at period end) on the way. */
  renewals: z.number().int(),
  /** Attempts to collect an invoice (each charge of a saved card or pull from a wallet). */
  payment_attempts: z.number().int(),
  /** Why a failed advance stopped; null otherwise. */
  failure_message: z.string().nullable(),
});
export type TestClockAdvance = z.infer<typeof testClockAdvanceSchema>;

export const adminTestClockSchema = testClockSchema.extend({
  status: z.enum(TEST_CLOCK_STATUSES),
  customer_count: z.number().int(),
  /** Null until the clock is first advanced. */
  advance: testClockAdvanceSchema.nullable(),
});
export type AdminTestClock = z.infer<typeof adminTestClockSchema>;

/** `GET /test-clocks/{id}`: the clock with the customers living in it. */
export const adminTestClockDetailsSchema = adminTestClockSchema.extend({
  customers: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
});
export type AdminTestClockDetails = z.infer<typeof adminTestClockDetailsSchema>;
