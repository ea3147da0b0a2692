// The server's own transition table, so an admin sees a button exactly when the server would take it.
import { nextStatus, type ReviewAppBody, type StoreAppVersion } from '@bazaar/schemas';

export type ReviewAction = ReviewAppBody['action'];

const REVIEW_ACTIONS: readonly ReviewAction[] = ['start', 'approve', 'reject'];

/** What a Store admin may do with `version` now: start a pending review, approve or reject one under way. */
export function reviewActions(version: Pick<StoreAppVersion, 'status'>): ReviewAction[] {
  return REVIEW_ACTIONS.filter((action) => nextStatus(version.status, action) !== null);
}
