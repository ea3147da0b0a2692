import {
  canPublish,
  isReviewRequired,
  nextStatus,
  VERSION_TRANSITIONS,
  type AppActorKind,
  type AppVersionActionResponse,
  type AppVersionStatus,
  type DeveloperVersionAction,
  type ReviewAppBody,
  type VersionAction,
} from '@bazaar/schemas';
import { AppError, notFound } from '@bazaar/server-kit';
import semver from 'semver';
import type { StoreDb } from '../../db/tables.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { StoreDeps } from '../../deps.ts';
import { validationFailed } from '../../http/validation-failed.ts';
import { listCategories } from '../categories/service.ts';
import { findDeveloper } from '../developers/index.ts';
import { listPublishedVersion } from './catalogue/listing.ts';
import { newOrderedStoreId } from './ordered-id.ts';
import {
  findAppRow,
  findVersionRow,
  insertHistoryRow,
  listVersionRowsInStatuses,
  updateAppRow,
  updateVersionStatusIf,
  type AppRow,
  type VersionRow,
} from './repository.ts';
import { publishFactsOf, toApp, toVersion } from './views.ts';

/** Who moves a version; `did` is null for the Store itself. */
export interface Actor {
  did: string | null;
  kind: AppActorKind;
}

export const SYSTEM_ACTOR: Actor = { did: null, kind: 'system' };

export function versionStateInvalid(
  version: string,
  from: AppVersionStatus,
  to: AppVersionStatus,
  why?: string,
): AppError {
  return new AppError(
    'VERSION_STATE_INVALID',
    `Version ${version} is ${from} and cannot become ${to}${why ? `: ${why}` : ''}`,
  );
}

export const appBlocked = () => new AppError('APP_BLOCKED', 'This app has been blocked by store admin');

/**
 * Moves one version by `action` and appends its history row, in the caller's transaction. The
 * update only applies while the version is still in the status read, so of two requests racing
 * (two admins approving at once) one wins and the other gets VERSION_STATE_INVALID.
 */
export async function moveVersion(
  trx: StoreDb,
  input: { row: VersionRow; action: VersionAction; actor: Actor; reason?: string | null; now: number },
): Promise<VersionRow> {
  const { row, action, now } = input;
  const from = row.status as AppVersionStatus;
  const to = nextStatus(from, action);
  if (to === null) throw versionStateInvalid(row.version, from, VERSION_TRANSITIONS[action].to);
  const moved = await updateVersionStatusIf(trx, {
    appDid: row.app_did,
    version: row.version,
    from,
    to,
    now,
  });
  if (!moved) {
    const current = await findVersionRow(trx, row.app_did, row.version);
    throw versionStateInvalid(row.version, (current?.status ?? from) as AppVersionStatus, to);
  }
  await insertHistoryRow(trx, {
    id: newOrderedStoreId('appHistory'),
    app_did: row.app_did,
    version: row.version,
    from_status: from,
    to_status: to,
    actor_did: input.actor.did,
    actor_kind: input.actor.kind,
    reason: input.reason ?? null,
    created_at: now,
  });
  return moved;
}

/** Why `row` may not be published now (APP_BLOCKED, VERSION_STATE_INVALID, VERSION_NOT_GREATER), or nothing. */
export function assertPublishable(app: AppRow, row: VersionRow): void {
  const facts = publishFactsOf(app);
  const status = row.status as AppVersionStatus;
  if (facts.isBlocked) throw appBlocked();
  if (!canPublish(facts, { status })) {
    const why =
      status === 'draft' && isReviewRequired(facts)
        ? 'this app needs a review before it is published; request one'
        : undefined;
    throw versionStateInvalid(row.version, status, 'published', why);
  }
  if (app.current_version !== null && !semver.gt(row.version, app.current_version)) {
    throw new AppError(
      'VERSION_NOT_GREATER',
      `Version ${row.version} is not greater than the published version ${app.current_version}`,
    );
  }
}

/** Publishes a version `assertPublishable` let through: the version, then the app's pointer to it and its catalogue listing. */
export async function publishVersion(
  trx: StoreDb,
  input: { app: AppRow; row: VersionRow; actor: Actor; now: number },
): Promise<{ app: AppRow; row: VersionRow }> {
  const row = await moveVersion(trx, {
    row: input.row,
    action: 'publish',
    actor: input.actor,
    now: input.now,
  });
  const app = await updateAppRow(trx, input.app.did, { current_version: row.version, updated_at: input.now });
  await listPublishedVersion(trx, row);
  return { app: app!, row };
}

/**
 * Auto-publish, after an upload or an approval: when the app has it on, the version may be
 * published without a further review, and the app's developer may still publish (a revoked
 * developer's versions wait).
 */
export async function autoPublishIfAllowed(
  trx: StoreDb,
  input: { app: AppRow; row: VersionRow; now: number },
): Promise<{ app: AppRow; row: VersionRow }> {
  const { app, row } = input;
  if (app.auto_publish !== 1) return { app, row };
  try {
    assertPublishable(app, row);
  } catch {
    return { app, row };
  }
  if ((await findDeveloper(trx, app.owner_did))?.status !== 'enabled') return { app, row };
  return publishVersion(trx, { app, row, actor: SYSTEM_ACTOR, now: input.now });
}

/** The app (with `lock`, locked until the transaction ends); NOT_FOUND without one. */
export async function requireApp(
  db: StoreDb,
  did: string,
  options: { lock?: boolean } = {},
): Promise<AppRow> {
  const app = await findAppRow(db, did, options);
  if (!app) throw notFound('app', did);
  return app;
}

/** The app, when `developerDid` owns it: NOT_FOUND, else APP_NOT_OWNED for another developer's. */
export async function requireOwnedApp(
  db: StoreDb,
  did: string,
  developerDid: string,
  options: { lock?: boolean } = {},
): Promise<AppRow> {
  const app = await requireApp(db, did, options);
  if (app.owner_did !== developerDid) {
    throw new AppError('APP_NOT_OWNED', 'This app belongs to another developer');
  }
  return app;
}

export async function requireVersion(trx: StoreDb, appDid: string, version: string): Promise<VersionRow> {
  const row = await findVersionRow(trx, appDid, version);
  if (!row) throw notFound('app version', `${appDid}@${version}`);
  return row;
}

function answer(app: AppRow, row: VersionRow): AppVersionActionResponse {
  return { app: toApp(app), version: toVersion(row), published: row.status === 'published' };
}

/**
 * A developer acts on a version of their own app (the guard has checked they are an enabled
 * developer): request a review (of the latest upload, not of a blocked app; the app's other
 * pending or in-review versions are cancelled as superseded), cancel a review, or publish.
 */
export async function actOnVersion(
  deps: Pick<StoreDeps, 'db' | 'clock'>,
  input: { appDid: string; version: string; action: DeveloperVersionAction; developerDid: string },
): Promise<AppVersionActionResponse> {
  const now = deps.clock.now();
  const actor: Actor = { did: input.developerDid, kind: 'developer' };
  return inTransaction(deps.db, async (trx) => {
    const app = await requireOwnedApp(trx, input.appDid, input.developerDid, { lock: true });
    const row = await requireVersion(trx, input.appDid, input.version);
    if (input.action === 'publish') {
      assertPublishable(app, row);
      const published = await publishVersion(trx, { app, row, actor, now });
      return answer(published.app, published.row);
    }
    if (input.action === 'cancelReview') {
      return answer(app, await moveVersion(trx, { row, action: 'cancelReview', actor, now }));
    }
    if (app.blocked_at !== null) throw appBlocked();
    if (row.status === 'draft' && row.version !== app.latest_version) {
      throw versionStateInvalid(
        row.version,
        'draft',
        'pending',
        `only the latest upload (${app.latest_version}) can be reviewed`,
      );
    }
    const moved = await moveVersion(trx, { row, action: 'requestReview', actor, now });
    for (const other of await listVersionRowsInStatuses(trx, app.did, ['pending', 'inReview'])) {
      if (other.version === moved.version) continue;
      const reason = `Superseded by ${moved.version}`;
      await moveVersion(trx, { row: other, action: 'supersede', actor, reason, now });
    }
    return answer(app, moved);
  });
}

/**
 * A Store admin reviews a version: start (pending → inReview), approve (inReview → approved, into
 * an existing category, optionally changing how the app is reviewed from now on; then published
 * at once when the app auto-publishes), or reject with a reason (final).
 */
export async function reviewVersion(
  deps: Pick<StoreDeps, 'db' | 'clock'>,
  input: { appDid: string; body: ReviewAppBody; adminDid: string },
): Promise<AppVersionActionResponse> {
  const now = deps.clock.now();
  const actor: Actor = { did: input.adminDid, kind: 'admin' };
  const { body } = input;
  return inTransaction(deps.db, async (trx) => {
    const app = await requireApp(trx, input.appDid, { lock: true });
    const row = await requireVersion(trx, input.appDid, body.version);
    if (body.action === 'start')
      return answer(app, await moveVersion(trx, { row, action: 'start', actor, now }));
    if (body.action === 'reject') {
      return answer(app, await moveVersion(trx, { row, action: 'reject', actor, reason: body.reason, now }));
    }
    const status = row.status as AppVersionStatus;
    if (nextStatus(status, 'approve') === null) throw versionStateInvalid(row.version, status, 'approved');
    if (!(await listCategories(trx)).some((category) => category.id === body.category)) {
      throw validationFailed('category', `No such category: ${body.category}`);
    }
    const approved = await moveVersion(trx, { row, action: 'approve', actor, now });
    const categorised = await updateAppRow(trx, app.did, {
      category: body.category,
      ...(body.reviewType ? { review_type: body.reviewType } : {}),
      updated_at: now,
    });
    const published = await autoPublishIfAllowed(trx, { app: categorised!, row: approved, now });
    return answer(published.app, published.row);
  });
}
