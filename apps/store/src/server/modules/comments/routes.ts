import {
  appDidParamSchema,
  createStoreCommentBodySchema,
  listStoreCommentsQuerySchema,
  storeCommentDeletedSchema,
  storeCommentParamsSchema,
  storeCommentRepliesPageSchema,
  storeCommentSchema,
  storeCommentsPageSchema,
} from '@bazaar/schemas';
import { requireUser, type ZodApp } from '@bazaar/server-kit';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { StoreDeps } from '../../deps.ts';
import { signedInOnly } from '../../http/guards.ts';
import { CommentRateLimitedError, deleteComment, listComments, listReplies, postComment } from './service.ts';

const tags = ['apps'];
const appParams = z.object({ did: appDidParamSchema });

/** Runs `work`; a refusal for posting too often carries `Retry-After`. */
async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CommentRateLimitedError) reply.header('retry-after', error.retryAfterSeconds);
    throw error;
  }
}

/**
 * The public comments of an app's page: read by whoever may see the app (guests too), written
 * and deleted signed in.
 */
export function registerCommentRoutes(app: ZodApp, deps: StoreDeps) {
  app.get(
    '/apps/:did/comments',
    {
      schema: {
        tags,
        description:
          'Top-level comments newest first, each with its oldest replies (`replyCount` counts them all). A private, unpublished or unknown app is NOT_FOUND and a blocked one APP_BLOCKED, to all but its owner and Store admins.',
        params: appParams,
        querystring: listStoreCommentsQuerySchema,
        response: { 200: storeCommentsPageSchema },
      },
    },
    async (request) =>
      listComments(deps, { appDid: request.params.did, viewer: request.user, ...request.query }),
  );
  app.get(
    '/apps/:did/comments/:id/replies',
    {
      schema: {
        tags,
        description: "A top-level comment's replies, oldest first.",
        params: storeCommentParamsSchema,
        querystring: listStoreCommentsQuerySchema,
        response: { 200: storeCommentRepliesPageSchema },
      },
    },
    async (request) =>
      listReplies(deps, {
        appDid: request.params.did,
        commentId: request.params.id,
        viewer: request.user,
        ...request.query,
      }),
  );
  app.post(
    '/apps/:did/comments',
    {
      ...signedInOnly,
      schema: {
        tags,
        description:
          'Plain text as typed (trimmed), 1 to 2,000 characters, line feeds but no other control characters. A reply to a reply joins the top-level comment it answers. At most 5 comments a minute and 50 a day per user: COMMENT_RATE_LIMITED (429) with Retry-After.',
        params: appParams,
        body: createStoreCommentBodySchema,
        response: { 201: storeCommentSchema },
      },
    },
    async (request, reply) => {
      const comment = await withRetryAfter(reply, () =>
        postComment(deps, {
          appDid: request.params.did,
          author: requireUser(request),
          body: request.body.body,
          parentId: request.body.parentId,
        }),
      );
      return reply.status(201).send(comment);
    },
  );
  app.delete(
    '/apps/:did/comments/:id',
    {
      ...signedInOnly,
      schema: {
        tags,
        description: "By the comment's author, the app's owner or a Store admin; its text is erased.",
        params: storeCommentParamsSchema,
        response: { 200: storeCommentDeletedSchema },
      },
    },
    async (request) =>
      deleteComment(deps, {
        appDid: request.params.did,
        commentId: request.params.id,
        viewer: requireUser(request),
      }),
  );
}
