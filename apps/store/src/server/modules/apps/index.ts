/** What other Store modules (the catalogue and downloads, later) use of the apps module. */
export { canPublish, isReviewRequired, nextStatus, type PublishFacts, type VersionAction } from './state.ts';
