// The server's own review rules (pure functions in the shared contract): a button shows exactly
// when the server would take the action, so the two cannot drift apart.
import {
  canPublish,
  nextStatus,
  type DeveloperVersionAction,
  type StoreApp,
  type StoreAppVersion,
} from '@bazaar/schemas';

/**
 * Whether `version` is above the published one, which publishing needs. Versions come newest
 * first (by semver), so a version above the published one is listed before it.
 */
function isAbovePublished(app: StoreApp, versions: StoreAppVersion[], version: StoreAppVersion): boolean {
  if (app.currentVersion === null) return true;
  const publishedAt = versions.findIndex((each) => each.version === app.currentVersion);
  const at = versions.findIndex((each) => each.version === version.version);
  return publishedAt === -1 || at < publishedAt;
}

/**
 * What the app's developer may do with `version` now, by the server's rules: request a review of
 * the latest upload of an app that is not blocked (review.ts), cancel a review under way (the
 * transition table), publish what `canPublish` allows above the published version.
 */
export function developerVersionActions(
  app: StoreApp,
  versions: StoreAppVersion[],
  version: StoreAppVersion,
): DeveloperVersionAction[] {
  const actions: DeveloperVersionAction[] = [];
  if (
    nextStatus(version.status, 'requestReview') !== null &&
    !app.isBlocked &&
    version.version === app.latestVersion
  ) {
    actions.push('requestReview');
  }
  const facts = {
    reviewType: app.reviewType,
    hasPublishedVersion: app.currentVersion !== null,
    isBlocked: app.isBlocked,
  };
  if (canPublish(facts, version) && isAbovePublished(app, versions, version)) actions.push('publish');
  if (nextStatus(version.status, 'cancelReview') !== null) actions.push('cancelReview');
  return actions;
}
