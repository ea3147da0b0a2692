import { useShell } from '@bazaar/platform-shell';
import type { StoreComment } from '@bazaar/schemas';
import { Button, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { LoadFailed, Loading } from '../query-state.tsx';
import { CommentComposer } from './comment-composer.tsx';
import { CommentThread } from './comment-thread.tsx';
import { DeleteCommentDialog } from './delete-comment-dialog.tsx';
import { SignInPrompt } from '../sign-in-prompt.tsx';
import { useCommentThreads, useLiveComments } from './use-app-comments.ts';

export interface AppCommentsProps {
  /** The app whose page this is. */
  appDid: string;
  /** Its owner (developer), whose comments are marked as theirs. */
  ownerDid: string;
}

/**
 * The public comments of an app's page: newest first, a page at a time, each with its replies
 * (one level deep), kept live through the relay. Signed-in users write, reply and delete what they
 * may; visitors are asked to sign in. It needs only the Store's shell and query client around it.
 */
export function AppComments({ appDid, ownerDid }: AppCommentsProps) {
  const { t, user } = useShell();
  const headingId = useId();
  const { query, threads, count, readAt } = useCommentThreads(appDid);
  useLiveComments(appDid);
  const [deleting, setDeleting] = useState<StoreComment | null>(null);

  const list = () => {
    if (query.isPending) return <Loading />;
    if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
    if (threads.length === 0)
      return <Typography color="text.secondary">{t('store.comments.empty')}</Typography>;
    return (
      <Stack component="ul" aria-labelledby={headingId} sx={{ p: 0, m: 0 }}>
        {threads.map((thread) => (
          <CommentThread
            key={thread.id}
            appDid={appDid}
            thread={thread}
            ownerDid={ownerDid}
            readAt={readAt}
            canReply={Boolean(user)}
            onDelete={setDeleting}
          />
        ))}
      </Stack>
    );
  };

  return (
    <Stack component="section" spacing={2} aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 600 }}>
        {count > 0 ? t('store.comments.titleCount', { count }) : t('store.comments.title')}
      </Typography>
      {user ? (
        <CommentComposer
          appDid={appDid}
          label={t('store.comments.field')}
          submitLabel={t('store.comments.post')}
        />
      ) : user === null ? (
        <SignInPrompt message="store.comments.signInPrompt" />
      ) : null}
      {list()}
      {query.hasNextPage ? (
        <Button
          variant="outlined"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
          sx={{ alignSelf: 'center' }}
        >
          {t('store.comments.loadMore')}
        </Button>
      ) : null}
      {deleting ? (
        <DeleteCommentDialog appDid={appDid} comment={deleting} onClose={() => setDeleting(null)} />
      ) : null}
    </Stack>
  );
}
