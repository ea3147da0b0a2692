import { describe, expect, it } from 'vitest';
import {
  canPublish,
  isReviewRequired,
  nextStatus,
  type PublishFacts,
  type VersionAction,
} from './app-review-state.ts';
import { APP_VERSION_STATUSES, type AppVersionStatus } from './store.ts';

const ACTIONS: readonly VersionAction[] = [
  'requestReview',
  'cancelReview',
  'start',
  'approve',
  'reject',
  'publish',
  'supersede',
];

/** Every move the review allows; any other (status, action) pair is refused. */
const ALLOWED: Record<AppVersionStatus, Partial<Record<VersionAction, AppVersionStatus>>> = {
  draft: { requestReview: 'pending', publish: 'published' },
  pending: { start: 'inReview', cancelReview: 'cancelled', supersede: 'cancelled' },
  inReview: { approve: 'approved', reject: 'rejected', cancelReview: 'cancelled', supersede: 'cancelled' },
  approved: { publish: 'published', cancelReview: 'cancelled' },
  rejected: {},
  cancelled: {},
  published: {},
};

describe('nextStatus', () => {
  const pairs = APP_VERSION_STATUSES.flatMap((from) => ACTIONS.map((action) => [from, action] as const));

  it.each(pairs)('%s + %s', (from, action) => {
    expect(nextStatus(from, action)).toBe(ALLOWED[from][action] ?? null);
  });

  it('leaves nothing out of rejected, cancelled and published', () => {
    for (const final of ['rejected', 'cancelled', 'published'] as const) {
      expect(ACTIONS.map((action) => nextStatus(final, action))).toEqual(ACTIONS.map(() => null));
    }
  });
});

describe('isReviewRequired and canPublish', () => {
  const app = (overrides: Partial<PublishFacts> = {}): PublishFacts => ({
    reviewType: 'each',
    hasPublishedVersion: false,
    isBlocked: false,
    ...overrides,
  });

  it.each([
    ['each', false, true],
    ['each', true, true],
    ['first', false, true],
    ['first', true, false],
  ] as const)(
    'review type %s, published before: %s → review required: %s',
    (reviewType, hasPublished, required) => {
      expect(isReviewRequired({ reviewType, hasPublishedVersion: hasPublished })).toBe(required);
    },
  );

  // [review type, has a published version, blocked, version status, may publish]
  const cases: Array<[PublishFacts['reviewType'], boolean, boolean, AppVersionStatus, boolean]> = [
    ['each', false, false, 'approved', true],
    ['each', true, false, 'approved', true],
    ['first', false, false, 'approved', true],
    ['first', true, false, 'approved', true],
    ['each', false, false, 'draft', false],
    ['each', true, false, 'draft', false],
    ['first', false, false, 'draft', false],
    ['first', true, false, 'draft', true],
    ['first', true, true, 'draft', false],
    ['each', true, true, 'approved', false],
    ['first', true, false, 'pending', false],
    ['first', true, false, 'inReview', false],
    ['each', true, false, 'rejected', false],
    ['first', true, false, 'rejected', false],
    ['first', true, false, 'cancelled', false],
    ['first', true, false, 'published', false],
    ['each', true, false, 'published', false],
  ];

  it.each(cases)(
    'review type %s, published before: %s, blocked: %s, %s → %s',
    (reviewType, hasPublishedVersion, isBlocked, status, expected) => {
      expect(canPublish(app({ reviewType, hasPublishedVersion, isBlocked }), { status })).toBe(expected);
    },
  );

  it('never publishes a blocked app, whatever the version', () => {
    for (const status of APP_VERSION_STATUSES) {
      for (const reviewType of ['each', 'first'] as const) {
        expect(canPublish(app({ reviewType, hasPublishedVersion: true, isBlocked: true }), { status })).toBe(
          false,
        );
      }
    }
  });
});
