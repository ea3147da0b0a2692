import {
  storeCommentDeletedSchema,
  storeCommentRepliesPageSchema,
  storeCommentSchema,
  storeCommentsPageSchema,
  type CreateStoreCommentBody,
} from '@bazaar/schemas';
import { callStoreApi } from '../../api/store-api.ts';

const commentsPath = (appDid: string) => `/apps/${appDid}/comments`;

export const fetchCommentThreads = (appDid: string, page: { page: number; pageSize: number }) =>
  callStoreApi('GET', commentsPath(appDid), storeCommentsPageSchema, { query: page });

export const fetchCommentReplies = (
  appDid: string,
  commentId: string,
  page: { page: number; pageSize: number },
) =>
  callStoreApi('GET', `${commentsPath(appDid)}/${commentId}/replies`, storeCommentRepliesPageSchema, {
    query: page,
  });

export const postComment = (appDid: string, body: CreateStoreCommentBody) =>
  callStoreApi('POST', commentsPath(appDid), storeCommentSchema, { body });

export const deleteComment = (appDid: string, commentId: string) =>
  callStoreApi('DELETE', `${commentsPath(appDid)}/${commentId}`, storeCommentDeletedSchema);
