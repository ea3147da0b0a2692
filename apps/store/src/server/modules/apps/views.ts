import {
  appCommentSchema,
  appVersionHistoryEntrySchema,
  appVersionSummarySchema,
  storeAppSchema,
  storeAppVersionSchema,
  type AppComment,
  type AppListItem,
  type AppVersionHistoryEntry,
  type AppVersionStatus,
  type AppVersionSummary,
  type PublishFacts,
  type StoreApp,
  type StoreAppVersion,
} from '@bazaar/schemas';
import semver from 'semver';
import { fromFlag } from '../../db/tables.ts';
import type { AppRow, AppWithLatestRow, CommentRow, HistoryRow, VersionRow } from './repository.ts';

/** Rows become contracts through their schemas, so a bad row fails loudly here, not in a client. */

export function toApp(row: AppRow): StoreApp {
  return storeAppSchema.parse({
    did: row.did,
    name: row.name,
    title: row.title,
    description: row.description,
    logo: row.logo,
    ownerDid: row.owner_did,
    category: row.category,
    visibility: row.visibility,
    autoPublish: fromFlag(row.auto_publish),
    supportersView: row.supporters_view,
    reviewType: row.review_type,
    isBlocked: row.blocked_at !== null,
    blockedAt: row.blocked_at,
    blockedReason: row.blocked_reason,
    currentVersion: row.current_version,
    latestVersion: row.latest_version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}

export function toVersionSummary(row: VersionRow): AppVersionSummary {
  return appVersionSummarySchema.parse({
    appDid: row.app_did,
    version: row.version,
    status: row.status,
    integrity: row.integrity,
    size: row.size,
    uploadedAt: row.uploaded_at,
    statusChangedAt: row.status_changed_at,
    publishedAt: row.published_at,
  });
}

/** The version with its signed manifest, less the file list (which can hold 20,000 entries). */
export function toVersion(row: VersionRow): StoreAppVersion {
  const { files, ...manifest } = JSON.parse(row.manifest) as { files?: unknown[] };
  return storeAppVersionSchema.parse({
    ...toVersionSummary(row),
    manifest,
    fileCount: files?.length ?? 0,
  });
}

/** Versions newest first. */
export function sortVersionRows(rows: VersionRow[]): VersionRow[] {
  return [...rows].sort((a, b) => semver.rcompare(a.version, b.version));
}

export function toHistoryEntry(row: HistoryRow): AppVersionHistoryEntry {
  return appVersionHistoryEntrySchema.parse({
    id: row.id,
    appDid: row.app_did,
    version: row.version,
    fromStatus: row.from_status,
    toStatus: row.to_status,
    actorDid: row.actor_did,
    actorKind: row.actor_kind,
    reason: row.reason,
    createdAt: row.created_at,
  });
}

export function toComment(row: CommentRow): AppComment {
  return appCommentSchema.parse({
    id: row.id,
    appDid: row.app_did,
    version: row.version,
    authorDid: row.author_did,
    authorKind: row.author_kind,
    body: row.body,
    createdAt: row.created_at,
  });
}

const WAITING_STATUSES: readonly AppVersionStatus[] = ['pending', 'inReview'];

export function toListItem(row: AppWithLatestRow, now: number): AppListItem {
  const latest = row.latest ? toVersionSummary(row.latest) : null;
  return {
    app: toApp(row.app),
    latestVersion: latest,
    waitingSeconds:
      latest && WAITING_STATUSES.includes(latest.status) ? Math.max(0, now - latest.statusChangedAt) : null,
  };
}

/** What `canPublish` and `isReviewRequired` read of an app. */
export function publishFactsOf(row: AppRow): PublishFacts {
  return {
    reviewType: row.review_type === 'first' ? 'first' : 'each',
    hasPublishedVersion: row.current_version !== null,
    isBlocked: row.blocked_at !== null,
  };
}
