import { describe, expect, it } from 'vitest';
import {
  isBillable,
  isEnded,
  SUBSCRIPTION_STATUSES,
  type SubscriptionEvent,
  type SubscriptionStatus,
  transitionSubscription,
} from './subscription-status.ts';

const EVENTS = {
  trial_started: { type: 'trial_started' },
  first_payment_succeeded: { type: 'first_payment_succeeded' },
  first_payment_expired: { type: 'first_payment_expired' },
  trial_ended: { type: 'trial_ended' },
  renewal_paid: { type: 'renewal_paid' },
  payment_uncollectible: { type: 'payment_uncollectible' },
  overdue_paid_last: { type: 'overdue_paid', hasOtherOverdue: false },
  overdue_paid_more: { type: 'overdue_paid', hasOtherOverdue: true },
  canceled: { type: 'canceled' },
  paused: { type: 'paused' },
  resumed: { type: 'resumed' },
} satisfies Record<string, SubscriptionEvent>;
type EventName = keyof typeof EVENTS;
// Fails to compile when an event type is added to SubscriptionEvent and not to EVENTS.
const EVENT_TYPES: Record<SubscriptionEvent['type'], true> = {
  trial_started: true,
  first_payment_succeeded: true,
  first_payment_expired: true,
  trial_ended: true,
  renewal_paid: true,
  payment_uncollectible: true,
  overdue_paid: true,
  canceled: true,
  paused: true,
  resumed: true,
};
const _ = null;

// Every (status, event) pair; columns in the order of EVENTS.
// prettier-ignore
const EXPECTED: Record<SubscriptionStatus, (SubscriptionStatus | null)[]> = {
  //                  trial_started first_paid     first_expired         trial_ended renewal_paid payment_uncollectible overdue_last overdue_more canceled    paused    resumed
  incomplete:         ['trialing',  'active',      'incomplete_expired', _,          _,           _,                    _,           _,           _,          _,        _],
  incomplete_expired: [_,           _,             _,                    _,          _,           _,                    _,           _,           _,          _,        _],
  trialing:           [_,           _,             _,                    'active',   'active',    'past_due',           _,           _,           'canceled', _,        _],
  active:             [_,           _,             _,                    _,          'active',    'past_due',           'active',    'active',    'canceled', 'paused', _],
  past_due:           [_,           _,             _,                    _,          'past_due',  'past_due',           'active',    'past_due',  'canceled', _,        _],
  paused:             [_,           _,             _,                    _,          _,           _,                    _,           _,           'canceled', _,        'active'],
  canceled:           [_,           _,             _,                    _,          _,           _,                    _,           _,           _,          _,        _],
};

const PAIRS = SUBSCRIPTION_STATUSES.flatMap((status) =>
  Object.keys(EVENTS).map((name, column) => [status, name as EventName, EXPECTED[status][column]] as const),
);

describe('transitionSubscription', () => {
  it('the table covers every status and every event', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...SUBSCRIPTION_STATUSES].sort());
    for (const row of Object.values(EXPECTED)) expect(row).toHaveLength(Object.keys(EVENTS).length);
    expect(new Set(Object.values(EVENTS).map((event) => event.type))).toEqual(
      new Set(Object.keys(EVENT_TYPES)),
    );
  });

  it.each(PAIRS)('%s + %s → %s', (status, name, expected) => {
    expect(transitionSubscription(status, EVENTS[name])).toBe(expected);
  });
});

describe('isBillable / isEnded', () => {
  it.each<[SubscriptionStatus, boolean, boolean]>([
    ['incomplete', false, false],
    ['incomplete_expired', false, true],
    ['trialing', true, false],
    ['active', true, false],
    ['past_due', true, false],
    ['paused', false, false],
    ['canceled', false, true],
  ])('%s: billable %s, ended %s', (status, billable, ended) => {
    expect(isBillable(status)).toBe(billable);
    expect(isEnded(status)).toBe(ended);
  });
});
