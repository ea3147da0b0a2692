import { useRelayChannel } from '@bazaar/payment-react';
import { useShell } from '@bazaar/platform-shell';
import {
  STORE_COMMENTS_MAX_PAGE_SIZE,
  STORE_COMMENTS_PAGE_SIZE,
  type CreateStoreCommentBody,
  type StoreComment,
} from '@bazaar/schemas';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { hasStoreErrorCode } from '../../api/store-api.ts';
import { storeKeys } from '../../api/store-query-keys.ts';
import { deleteComment, fetchCommentReplies, fetchCommentThreads, postComment } from './comments-api.ts';

/** The next page of a list read `pageSize` at a time, while some of its `count` are unread. */
function nextPage(pageSize: number) {
  return (last: { count: number }, pages: unknown[]) =>
    pages.length * pageSize < last.count ? pages.length + 1 : undefined;
}

/** Items by id, first seen kept: a comment posted between two pages' reads shifts the second by one. */
function uniqueById<T extends { id: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.id) && seen.add(item.id));
}

/**
 * An app's comment threads, newest first, a page at a time. `readAt` is when they were read (unix
 * seconds), which their relative times count from.
 */
export function useCommentThreads(appDid: string) {
  const query = useInfiniteQuery({
    queryKey: storeKeys.appCommentThreads(appDid),
    queryFn: ({ pageParam }) =>
      fetchCommentThreads(appDid, { page: pageParam, pageSize: STORE_COMMENTS_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextPage(STORE_COMMENTS_PAGE_SIZE),
  });
  const pages = query.data?.pages ?? [];
  return {
    query,
    threads: uniqueById(pages.flatMap((page) => page.list)),
    count: pages[0]?.count ?? 0,
    readAt: Math.floor(query.dataUpdatedAt / 1000),
  };
}

/** All of a thread's replies, oldest first, once `isWanted` (the list carries only the first few). */
export function useCommentReplies(appDid: string, commentId: string, isWanted: boolean) {
  const query = useInfiniteQuery({
    queryKey: storeKeys.appCommentReplies(appDid, commentId),
    queryFn: ({ pageParam }) =>
      fetchCommentReplies(appDid, commentId, { page: pageParam, pageSize: STORE_COMMENTS_MAX_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextPage(STORE_COMMENTS_MAX_PAGE_SIZE),
    enabled: isWanted,
  });
  return { query, replies: uniqueById(query.data?.pages.flatMap((page) => page.list) ?? []) };
}

/** Reads everything of the app's comments again (threads and open replies). */
function useRefreshComments(appDid: string) {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: storeKeys.appComments(appDid) }),
    [queryClient, appDid],
  );
}

export function usePostComment(appDid: string) {
  const refresh = useRefreshComments(appDid);
  return useMutation({
    mutationFn: (body: CreateStoreCommentBody) => postComment(appDid, body),
    onSuccess: refresh,
  });
}

/** Deletes a comment; one already gone counts as deleted (the list is read again either way). */
export function useDeleteComment(appDid: string) {
  const refresh = useRefreshComments(appDid);
  return useMutation({
    mutationFn: async (comment: StoreComment) => {
      try {
        await deleteComment(appDid, comment.id);
      } catch (error) {
        if (!hasStoreErrorCode(error, 'NOT_FOUND')) throw error;
      }
    },
    onSuccess: refresh,
  });
}

/**
 * Keeps the app's comments live: a comment posted or deleted anywhere (the relay tells every page,
 * naming the app and the comment) reads them again, and so does each (re)subscription, which
 * follows a time the page heard nothing.
 */
export function useLiveComments(appDid: string) {
  const { registry } = useShell();
  const refresh = useRefreshComments(appDid);
  useRelayChannel(
    { platformUrl: window.location.origin, appId: registry.appId },
    true,
    (event) => {
      const isComment = event.type === 'store.comment.created' || event.type === 'store.comment.deleted';
      if (isComment && event.data.app_did === appDid) void refresh();
    },
    { onSubscribed: () => void refresh() },
  );
}
