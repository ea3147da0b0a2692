import { z } from 'zod';
import { paginatedSchema, timestampSchema } from './common.ts';
import { appDidParamSchema, STORE_ID_PREFIXES } from './store.ts';

/**
 * Public comments on an app's page (`/api/apps/{did}/comments`): whoever may see the app reads
 * them, signed-in users write them and reply one level deep. Not the review thread of a version
 * (`AppComment`), which only its developer and the Store's admins see.
 */

/** The longest comment, in characters as people count them (`commentLength`). */
export const STORE_COMMENT_MAX_LENGTH = 2_000;
export const STORE_COMMENTS_PAGE_SIZE = 10;
export const STORE_COMMENTS_MAX_PAGE_SIZE = 50;
/**
 * How many replies each comment of a list page carries (its oldest); `replyCount` says how many
 * it has, and `/comments/{id}/replies` pages through them all. A busy thread then costs a list
 * page a bounded number of rows.
 */
export const STORE_COMMENT_REPLIES_SHOWN = 3;

/** Characters as people count them: code points, so an emoji is one (a UTF-16 length counts it as two). */
export function commentLength(text: string): number {
  return [...text].length;
}

/** C0 controls (but the line feed), DEL and C1 controls: invisible, and able to garble what others see. */
function hasControlCharacter(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if ((code < 0x20 && code !== 0x0a) || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/**
 * A comment's text as typed, trimmed: plain text of 1 to 2,000 characters, line feeds allowed and
 * no other control character (a carriage return included). It is stored as it is and never read
 * as markup; pages show it as text and make its http(s) addresses links.
 */
export const storeCommentTextSchema = z
  .string({ error: 'Comment is required' })
  .trim()
  .min(1, 'Comment is required')
  .refine(
    (text) => commentLength(text) <= STORE_COMMENT_MAX_LENGTH,
    `no longer than ${STORE_COMMENT_MAX_LENGTH} chars`,
  )
  .refine((text) => !hasControlCharacter(text), 'Only text and line breaks: no control characters');

export const storeCommentIdSchema = z
  .string()
  .regex(
    new RegExp(`^${STORE_ID_PREFIXES.publicComment}_[A-Za-z0-9]{1,64}$`),
    `Expected an id starting with ${STORE_ID_PREFIXES.publicComment}_`,
  );

export const storeCommentParamsSchema = z.object({ did: appDidParamSchema, id: storeCommentIdSchema });

/** `GET /api/apps/{did}/comments` and `…/comments/{id}/replies`: 10 a page unless asked, at most 50. */
export const listStoreCommentsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(STORE_COMMENTS_MAX_PAGE_SIZE)
    .default(STORE_COMMENTS_PAGE_SIZE),
});

/**
 * `POST /api/apps/{did}/comments` (signed in). With `parentId` it is a reply. Replies are one
 * level deep: a reply to a reply joins the thread of the top-level comment it answers.
 */
export const createStoreCommentBodySchema = z.object({
  body: storeCommentTextSchema,
  parentId: storeCommentIdSchema.nullish(),
});
export type CreateStoreCommentBody = z.infer<typeof createStoreCommentBodySchema>;

/** Who wrote a comment: their DID and the name they had on the platform when they posted it. */
export const storeCommentAuthorSchema = z.object({ did: z.string(), name: z.string() });

export const storeCommentSchema = z.object({
  id: z.string(),
  appDid: z.string(),
  /** The top-level comment this one replies to; null for a top-level comment. */
  parentId: z.string().nullable(),
  /** Null once deleted: a deleted comment kept for its replies no longer says who wrote it. */
  author: storeCommentAuthorSchema.nullable(),
  /** Empty once deleted (its text is erased, not hidden). */
  body: z.string(),
  createdAt: timestampSchema,
  deleted: z.boolean(),
  /** Whether the viewer may delete it: its author, the app's owner and the Store's admins. */
  canDelete: z.boolean(),
});
export type StoreComment = z.infer<typeof storeCommentSchema>;

/**
 * A top-level comment with its first replies (oldest first) and the number of replies it has. A
 * deleted top-level comment stays in the list while it has replies, and leaves with the last.
 */
export const storeCommentThreadSchema = storeCommentSchema.extend({
  replies: z.array(storeCommentSchema),
  replyCount: z.number().int().nonnegative(),
});
export type StoreCommentThread = z.infer<typeof storeCommentThreadSchema>;

/** `GET /api/apps/{did}/comments`: top-level comments newest first; `count` counts them. */
export const storeCommentsPageSchema = paginatedSchema(storeCommentThreadSchema);
export type StoreCommentsPage = z.infer<typeof storeCommentsPageSchema>;

/** `GET /api/apps/{did}/comments/{id}/replies`: a comment's replies, oldest first. */
export const storeCommentRepliesPageSchema = paginatedSchema(storeCommentSchema);
export type StoreCommentRepliesPage = z.infer<typeof storeCommentRepliesPageSchema>;

/** `DELETE /api/apps/{did}/comments/{id}`. */
export const storeCommentDeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });
