import type { AppVersionStatus, StoreReviewType } from './store.ts';

/**
 * The review state machine of an app version, as pure functions shared by the Store's server and
 * its pages. Starting a review needs a pending version, and nothing leaves `rejected` or
 * `cancelled`.
 *
 *   draft ──requestReview──▶ pending ──start──▶ inReview ──approve──▶ approved ──publish──▶ published
 *     │                         │                  │  └──reject──▶ rejected (final)
 *     │                         └──cancelReview────┴──────────────────┴──▶ cancelled (final)
 *     └──publish (only when no review is needed)──▶ published
 *
 * Requesting a review also cancels the app's other pending or in-review versions ("Superseded by
 * x.y.z"); that is the `supersede` move, which only the Store makes.
 */
export type VersionAction =
  'requestReview' | 'cancelReview' | 'start' | 'approve' | 'reject' | 'publish' | 'supersede';

/** Where each action may start and where it leads; `publish` from a draft also needs `canPublish`. */
export const VERSION_TRANSITIONS: Record<
  VersionAction,
  { from: readonly AppVersionStatus[]; to: AppVersionStatus }
> = {
  requestReview: { from: ['draft'], to: 'pending' },
  cancelReview: { from: ['pending', 'inReview', 'approved'], to: 'cancelled' },
  start: { from: ['pending'], to: 'inReview' },
  approve: { from: ['inReview'], to: 'approved' },
  reject: { from: ['inReview'], to: 'rejected' },
  publish: { from: ['approved', 'draft'], to: 'published' },
  supersede: { from: ['pending', 'inReview'], to: 'cancelled' },
};

/** The status `action` moves a version in `from` to, or null when it may not. */
export function nextStatus(from: AppVersionStatus, action: VersionAction): AppVersionStatus | null {
  const transition = VERSION_TRANSITIONS[action];
  return transition.from.includes(from) ? transition.to : null;
}

/** Statuses that hold the app's review: while one exists and a review is needed, no new upload. */
export const IN_REVIEW_STATUSES: readonly AppVersionStatus[] = ['pending', 'inReview', 'approved'];

/** What publishing depends on, read from the app's row. */
export interface PublishFacts {
  reviewType: StoreReviewType;
  /** The app has a published version already. */
  hasPublishedVersion: boolean;
  isBlocked: boolean;
}

/**
 * Whether the app's next version needs a review before it is published: every version with
 * review type `each`, only the first (until one is published) with `first`. This is the one
 * place a Store-wide "no review" setting would go, should the Store get one.
 */
export function isReviewRequired(app: Pick<PublishFacts, 'reviewType' | 'hasPublishedVersion'>): boolean {
  return app.reviewType === 'each' || !app.hasPublishedVersion;
}

/**
 * Whether a version may be published now: never for a blocked app; an approved version always;
 * a draft when the app needs no review. The version must also be above the published one, which
 * the service checks (it needs semver).
 */
export function canPublish(app: PublishFacts, version: { status: AppVersionStatus }): boolean {
  if (app.isBlocked) return false;
  if (version.status === 'approved') return true;
  return version.status === 'draft' && !isReviewRequired(app);
}
