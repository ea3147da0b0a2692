import { useLocale } from '@bazaar/platform-shell';
import { USER_SERVICE_PATH, type StoreComment } from '@bazaar/schemas';
import { Avatar, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { formatDateTime } from '../format-date.ts';
import { CommentBody } from './comment-body.tsx';
import { commentTimeText } from './comment-time.ts';

const AVATAR_SIZE = 32;

/** The platform's picture of a user, at twice the size shown for sharp screens. */
const avatarUrl = (did: string) =>
  `${USER_SERVICE_PATH}/avatar/${encodeURIComponent(did)}?size=${AVATAR_SIZE * 2}`;

export interface CommentItemProps {
  comment: StoreComment;
  /** The app's owner, whose comments say "Developer". */
  ownerDid: string;
  /** When the list was read (unix seconds): relative times count from it. */
  readAt: number;
  /** Opens a reply to this comment; without it there is no Reply button. */
  onReply?(): void;
  onDelete(comment: StoreComment): void;
}

/** One comment: who wrote it and when, its text, and what the viewer may do with it. */
export function CommentItem({ comment, ownerDid, readAt, onReply, onDelete }: CommentItemProps) {
  const { t } = useLocale();
  const { author } = comment;
  return (
    <Stack direction="row" spacing={1.5} sx={{ py: 1.5 }}>
      <Avatar
        alt={author?.name ?? ''}
        src={author ? avatarUrl(author.did) : undefined}
        sx={{ width: AVATAR_SIZE, height: AVATAR_SIZE }}
      >
        {author ? Array.from(author.name.trim() || '?')[0]?.toUpperCase() : null}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 1, alignItems: 'center' }}>
          {author ? (
            <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{author.name}</Typography>
          ) : null}
          {author?.did === ownerDid ? (
            <Chip size="small" color="primary" variant="outlined" label={t('store.comments.developer')} />
          ) : null}
          <Typography
            component="time"
            variant="body2"
            color="text.secondary"
            dateTime={new Date(comment.createdAt * 1000).toISOString()}
            title={formatDateTime(comment.createdAt)}
          >
            {commentTimeText(t, comment.createdAt, readAt)}
          </Typography>
        </Stack>
        {comment.deleted ? (
          <Typography color="text.secondary" sx={{ fontStyle: 'italic' }}>
            {t('store.comments.deleted')}
          </Typography>
        ) : (
          <CommentBody text={comment.body} />
        )}
        {onReply || comment.canDelete ? (
          <Stack direction="row" spacing={1} sx={{ mt: 0.5, ml: -1 }}>
            {onReply ? (
              <Button size="small" onClick={onReply}>
                {t('store.comments.reply')}
              </Button>
            ) : null}
            {comment.canDelete ? (
              <Button size="small" color="error" onClick={() => onDelete(comment)}>
                {t('store.comments.delete')}
              </Button>
            ) : null}
          </Stack>
        ) : null}
      </Box>
    </Stack>
  );
}
