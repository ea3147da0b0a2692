import { useLocale } from '@bazaar/platform-shell';
import type { StoreComment, StoreCommentThread } from '@bazaar/schemas';
import { Box, Button, Stack } from '@mui/material';
import { useState } from 'react';
import { CommentComposer } from './comment-composer.tsx';
import { CommentItem } from './comment-item.tsx';
import { useCommentReplies } from './use-app-comments.ts';

interface CommentThreadProps {
  appDid: string;
  thread: StoreCommentThread;
  ownerDid: string;
  readAt: number;
  /** Whether the viewer may reply (signed in). */
  canReply: boolean;
  onDelete(comment: StoreComment): void;
}

/**
 * A top-level comment and its replies, one level deep: the first few as the list gave them, all of
 * them on request. Replying to any of them writes into this thread.
 */
export function CommentThread({ appDid, thread, ownerDid, readAt, canReply, onDelete }: CommentThreadProps) {
  const { t } = useLocale();
  const [answering, setAnswering] = useState<StoreComment | null>(null);
  const [isShowingAll, setShowingAll] = useState(false);
  const all = useCommentReplies(appDid, thread.id, isShowingAll);
  const loaded = isShowingAll ? all.query.data : undefined;
  const replies = loaded ? all.replies : thread.replies;
  const unseen = (loaded?.pages[0]?.count ?? thread.replyCount) - replies.length;
  const replyTo = (comment: StoreComment) =>
    canReply && !comment.deleted ? () => setAnswering(comment) : undefined;
  const item = (comment: StoreComment) => (
    <CommentItem
      key={comment.id}
      comment={comment}
      ownerDid={ownerDid}
      readAt={readAt}
      onReply={replyTo(comment)}
      onDelete={onDelete}
    />
  );

  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      {item(thread)}
      <Box sx={{ pl: { xs: 3, sm: 5.5 } }}>
        {replies.length > 0 ? (
          <Stack
            component="ul"
            aria-label={t('store.comments.repliesTo', {
              name: thread.author?.name ?? t('store.comments.deleted'),
            })}
            sx={{ p: 0, m: 0 }}
          >
            {replies.map((reply) => (
              <Box component="li" key={reply.id} sx={{ listStyle: 'none' }}>
                {item(reply)}
              </Box>
            ))}
          </Stack>
        ) : null}
        {unseen > 0 ? (
          <Button
            size="small"
            disabled={all.query.isFetching}
            onClick={() => (isShowingAll ? void all.query.fetchNextPage() : setShowingAll(true))}
          >
            {isShowingAll
              ? t('store.comments.moreReplies')
              : t('store.comments.allReplies', { count: thread.replyCount })}
          </Button>
        ) : null}
        {answering ? (
          <CommentComposer
            key={answering.id}
            appDid={appDid}
            parentId={answering.id}
            label={t('store.comments.replyingTo', { name: answering.author?.name ?? '' })}
            submitLabel={t('store.comments.postReply')}
            autoFocus
            onPosted={() => setAnswering(null)}
            onCancel={() => setAnswering(null)}
          />
        ) : null}
      </Box>
    </Box>
  );
}
