import {
  newId,
  STORE_ADMIN_ROLES,
  STORE_COMMENT_REPLIES_SHOWN,
  storeCommentSchema,
  type SessionUser,
  type StoreComment,
  type StoreCommentRepliesPage,
  type StoreCommentsPage,
} from '@bazaar/schemas';
import { AppError, notFound, type RelayAudience } from '@bazaar/server-kit';
import type { StoreDb } from '../../db/tables.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { StoreDeps } from '../../deps.ts';
import { newOrderedStoreId } from '../apps/ordered-id.ts';
import type { AppRow } from '../apps/repository.ts';
import { isListedApp, requireVisibleApp, type Viewer } from '../apps/visibility.ts';
import {
  eraseCommentRow,
  findCommentRow,
  findNthNewestCommentTime,
  insertCommentRow,
  listFirstReplyRows,
  listReplyRows,
  listThreadRows,
  lockAuthorPosting,
  type CommentRow,
} from './repository.ts';

/**
 * How many comments one user may post, on all apps together, in each window (deleted ones
 * count): enough to talk, too few to flood a page.
 */
export const COMMENT_RATE_LIMITS = [
  { windowSeconds: 60, max: 5 },
  { windowSeconds: 24 * 60 * 60, max: 50 },
] as const;

/** COMMENT_RATE_LIMITED, with the seconds until the next comment is taken (the route's `Retry-After`). */
export class CommentRateLimitedError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super('COMMENT_RATE_LIMITED', `Too many comments: the next is taken in ${retryAfterSeconds} s`);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

interface Access {
  viewer: Viewer;
  /** The viewer owns the app or is a Store admin. */
  manager: boolean;
}

function toComment(row: CommentRow, { viewer, manager }: Access): StoreComment {
  const deleted = row.deleted_at !== null;
  return storeCommentSchema.parse({
    id: row.id,
    appDid: row.app_did,
    parentId: row.parent_id,
    author: deleted ? null : { did: row.author_did, name: row.author_name },
    body: row.body,
    createdAt: row.created_at,
    deleted,
    canDelete: !deleted && viewer !== null && (manager || viewer.did === row.author_did),
  });
}

/** An app's top-level comments, newest first, each with its oldest replies and how many it has. */
export async function listComments(
  deps: Pick<StoreDeps, 'db'>,
  input: { appDid: string; viewer: Viewer; page: number; pageSize: number },
): Promise<StoreCommentsPage> {
  const { app, manager } = await requireVisibleApp(deps.db, input.appDid, input.viewer);
  const access = { viewer: input.viewer, manager };
  const { rows, count } = await listThreadRows(deps.db, app.did, input);
  const replies = await listFirstReplyRows(
    deps.db,
    rows.map((row) => row.id),
    STORE_COMMENT_REPLIES_SHOWN,
  );
  return {
    list: rows.map((row) => ({
      ...toComment(row, access),
      replies: replies.filter((reply) => reply.parent_id === row.id).map((reply) => toComment(reply, access)),
      replyCount: row.reply_count,
    })),
    count,
  };
}

/** A top-level comment's replies, oldest first (NOT_FOUND for a reply's id: replies have none). */
export async function listReplies(
  deps: Pick<StoreDeps, 'db'>,
  input: { appDid: string; commentId: string; viewer: Viewer; page: number; pageSize: number },
): Promise<StoreCommentRepliesPage> {
  const { app, manager } = await requireVisibleApp(deps.db, input.appDid, input.viewer);
  const parent = await findCommentRow(deps.db, { appDid: app.did, id: input.commentId });
  if (!parent || parent.parent_id !== null) throw notFound('comment', input.commentId);
  const { rows, count } = await listReplyRows(deps.db, parent.id, input);
  return { list: rows.map((row) => toComment(row, { viewer: input.viewer, manager })), count };
}

/** The top-level comment a reply to `parentId` joins; the comment answered must not be deleted. */
async function threadOf(db: StoreDb, appDid: string, parentId: string): Promise<string> {
  const parent = await findCommentRow(db, { appDid, id: parentId });
  if (!parent || parent.deleted_at !== null) throw notFound('comment', parentId);
  return parent.parent_id ?? parent.id;
}

/** Refuses a post over any of COMMENT_RATE_LIMITS, saying when the last of them lets one through. */
async function assertWithinRateLimits(db: StoreDb, authorDid: string, now: number): Promise<void> {
  let waitSeconds = 0;
  for (const { windowSeconds, max } of COMMENT_RATE_LIMITS) {
    // Once the max-th newest comment of the window leaves it, the window holds one fewer than max.
    const blocking = await findNthNewestCommentTime(db, { authorDid, since: now - windowSeconds, nth: max });
    if (blocking !== undefined) waitSeconds = Math.max(waitSeconds, blocking + windowSeconds - now);
  }
  if (waitSeconds > 0) throw new CommentRateLimitedError(waitSeconds);
}

const EVERYONE: RelayAudience = { everyone: true, userDids: [], roles: [], secretHashes: [] };

/**
 * Tells the pages showing the app's comments to read them again. A listed app's event goes to
 * every socket; one only its managers see (private, blocked, unpublished) only to theirs, so
 * nobody else learns of the app.
 */
function announce(
  deps: Pick<StoreDeps, 'relay' | 'livemode'>,
  input: {
    type: 'store.comment.created' | 'store.comment.deleted';
    app: AppRow;
    commentId: string;
    now: number;
  },
): void {
  const { type, app, commentId, now } = input;
  const audience: RelayAudience = isListedApp(app)
    ? EVERYONE
    : { everyone: false, userDids: [app.owner_did], roles: STORE_ADMIN_ROLES, secretHashes: [] };
  deps.relay.publish(
    [
      {
        id: newId('event'),
        type,
        livemode: deps.livemode,
        created: now,
        data: { id: commentId, app_did: app.did },
      },
    ],
    audience,
  );
}

/**
 * A signed-in user comments on an app they may see, or replies (one level deep: a reply to a
 * reply joins its top-level comment's thread). The rate limit counts in the database under a
 * lock on the author, so it holds across nodes and for posts sent at once.
 */
export async function postComment(
  deps: Pick<StoreDeps, 'db' | 'clock' | 'relay' | 'livemode'>,
  input: { appDid: string; author: SessionUser; body: string; parentId?: string | null | undefined },
): Promise<StoreComment> {
  const { author } = input;
  const { app, manager } = await requireVisibleApp(deps.db, input.appDid, author);
  const now = deps.clock.now();
  const row = await inTransaction(deps.db, async (trx) => {
    const parentId = input.parentId ? await threadOf(trx, app.did, input.parentId) : null;
    await lockAuthorPosting(trx, author.did);
    await assertWithinRateLimits(trx, author.did, now);
    const inserted = {
      id: newOrderedStoreId('publicComment'),
      app_did: app.did,
      parent_id: parentId,
      author_did: author.did,
      author_name: author.fullName,
      body: input.body,
      created_at: now,
      deleted_at: null,
    };
    await insertCommentRow(trx, inserted);
    return inserted;
  });
  announce(deps, { type: 'store.comment.created', app, commentId: row.id, now });
  return toComment(row, { viewer: author, manager });
}

/**
 * Its author, the app's owner or a Store admin deletes a comment: its text and its author's name
 * are erased at once. Its replies stay, under "This comment was deleted".
 */
export async function deleteComment(
  deps: Pick<StoreDeps, 'db' | 'clock' | 'relay' | 'livemode'>,
  input: { appDid: string; commentId: string; viewer: SessionUser },
): Promise<{ id: string; deleted: true }> {
  const { app, manager } = await requireVisibleApp(deps.db, input.appDid, input.viewer);
  const row = await findCommentRow(deps.db, { appDid: app.did, id: input.commentId });
  if (!row || row.deleted_at !== null) throw notFound('comment', input.commentId);
  if (!manager && row.author_did !== input.viewer.did) {
    throw new AppError('FORBIDDEN', "Only its author, the app's owner and Store admins may delete a comment");
  }
  const now = deps.clock.now();
  if (!(await eraseCommentRow(deps.db, { id: row.id, now }))) throw notFound('comment', row.id);
  announce(deps, { type: 'store.comment.deleted', app, commentId: row.id, now });
  return { id: row.id, deleted: true };
}
