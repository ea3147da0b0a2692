import { countAll, pageWindow } from '@bazaar/server-kit';
import { sql, type ExpressionBuilder, type Insertable, type Selectable } from 'kysely';
import { hasRowLocks } from '../../db/row-locks.ts';
import type { StoreDb, StoreTables } from '../../db/tables.ts';

export type CommentRow = Selectable<StoreTables['store_comments']>;
/** A top-level comment with the number of its replies not deleted. */
export type ThreadRow = CommentRow & { reply_count: number };

type Page = { page: number; pageSize: number };
type CommentsScope = ExpressionBuilder<StoreTables & { c: StoreTables['store_comments'] }, 'c'>;

export async function insertCommentRow(
  db: StoreDb,
  row: Insertable<StoreTables['store_comments']>,
): Promise<void> {
  await db.insertInto('store_comments').values(row).execute();
}

/** A comment of the app, deleted or not. */
export async function findCommentRow(
  db: StoreDb,
  input: { appDid: string; id: string },
): Promise<CommentRow | undefined> {
  return db
    .selectFrom('store_comments')
    .selectAll()
    .where('id', '=', input.id)
    .where('app_did', '=', input.appDid)
    .executeTakeFirst();
}

/** The replies of `c` that are not deleted. */
const liveRepliesOf = (eb: CommentsScope) =>
  eb.selectFrom('store_comments as r').whereRef('r.parent_id', '=', 'c.id').where('r.deleted_at', 'is', null);

/**
 * An app's top-level comments, newest first, with how many replies each has. A deleted one is
 * listed only while it has replies (its thread still reads), so the count and the pages agree.
 */
export async function listThreadRows(
  db: StoreDb,
  appDid: string,
  page: Page,
): Promise<{ rows: ThreadRow[]; count: number }> {
  const threads = db
    .selectFrom('store_comments as c')
    .where('c.app_did', '=', appDid)
    .where('c.parent_id', 'is', null)
    .where((eb) => eb.or([eb('c.deleted_at', 'is', null), eb.exists(liveRepliesOf(eb).select('r.id'))]));
  const { limit, offset } = pageWindow(page);
  const [rows, total] = await Promise.all([
    threads
      .selectAll('c')
      .select((eb) => liveRepliesOf(eb).select(countAll().as('n')).as('reply_count'))
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    threads.select(countAll().as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, reply_count: Number(row.reply_count) })),
    count: Number(total.count),
  };
}

/** The oldest `perParent` replies (not deleted) of each of `parentIds`, oldest first. */
export async function listFirstReplyRows(
  db: StoreDb,
  parentIds: readonly string[],
  perParent: number,
): Promise<CommentRow[]> {
  if (parentIds.length === 0) return [];
  const numbered = db
    .selectFrom('store_comments')
    .selectAll()
    .select(sql<number>`row_number() over (partition by parent_id order by created_at, id)`.as('position'))
    .where('parent_id', 'in', [...parentIds])
    .where('deleted_at', 'is', null)
    .as('numbered');
  const rows = await db
    .selectFrom(numbered)
    .selectAll()
    .where('position', '<=', perParent)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(({ position: _position, ...row }) => row);
}

/** A comment's replies (not deleted), oldest first. */
export async function listReplyRows(
  db: StoreDb,
  parentId: string,
  page: Page,
): Promise<{ rows: CommentRow[]; count: number }> {
  const replies = db
    .selectFrom('store_comments')
    .where('parent_id', '=', parentId)
    .where('deleted_at', 'is', null);
  const { limit, offset } = pageWindow(page);
  const [rows, total] = await Promise.all([
    replies.selectAll().orderBy('created_at').orderBy('id').limit(limit).offset(offset).execute(),
    replies.select(countAll().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
}

/**
 * Marks a comment deleted and erases its text and its author's name, only if it is not deleted
 * yet: of two deletes racing, one changes the row and the other gets false.
 */
export async function eraseCommentRow(db: StoreDb, input: { id: string; now: number }): Promise<boolean> {
  const erased = await db
    .updateTable('store_comments')
    .set({ body: '', author_name: '', deleted_at: input.now })
    .where('id', '=', input.id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return erased.numUpdatedRows > 0n;
}

/**
 * When the `nth` newest comment (counted from 1, deleted ones too) `authorDid` posted after `since`
 * was posted; undefined when they posted fewer than `nth` since then.
 */
export async function findNthNewestCommentTime(
  db: StoreDb,
  input: { authorDid: string; since: number; nth: number },
): Promise<number | undefined> {
  const row = await db
    .selectFrom('store_comments')
    .select('created_at')
    .where('author_did', '=', input.authorDid)
    .where('created_at', '>', input.since)
    .orderBy('created_at', 'desc')
    .limit(1)
    .offset(input.nth - 1)
    .executeTakeFirst();
  return row?.created_at;
}

/**
 * Holds the author's comment posting until the transaction ends, so two posts at once (on any
 * node) count each other. PostgreSQL: a transaction-scoped advisory lock on the author. SQLite has
 * one writer, and its transactions already run one at a time.
 */
export async function lockAuthorPosting(trx: StoreDb, authorDid: string): Promise<void> {
  if (!hasRowLocks(trx)) return;
  await sql`select pg_advisory_xact_lock(hashtext(${`store_comments:${authorDid}`}))`.execute(trx);
}
