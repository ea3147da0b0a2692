import type { MessageKey } from '@bazaar/i18n';
import { useLocale } from '@bazaar/platform-shell';
import { commentLength, STORE_COMMENT_MAX_LENGTH, storeCommentTextSchema } from '@bazaar/schemas';
import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { apiErrorText } from '../api-error-text.ts';
import { COMMENT_ERROR_TEXTS } from './comment-error-texts.ts';
import { usePostComment } from './use-app-comments.ts';

/** Why the server would refuse `text`, worded for the writer; null when it would take it. */
function textProblem(text: string): MessageKey | null {
  if (storeCommentTextSchema.safeParse(text).success) return null;
  const trimmed = text.trim();
  if (trimmed === '') return 'store.comments.required';
  if (commentLength(trimmed) > STORE_COMMENT_MAX_LENGTH) return 'store.comments.tooLong';
  return 'store.comments.controlCharacters';
}

interface CommentComposerProps {
  appDid: string;
  /** The comment answered; none for a new top-level comment. */
  parentId?: string;
  label: string;
  submitLabel: string;
  autoFocus?: boolean;
  onPosted?(): void;
  /** Offers a Cancel button (a reply's box closes). */
  onCancel?(): void;
}

/** A box to write a comment or a reply, counting characters as the Store does. */
export function CommentComposer({
  appDid,
  parentId,
  label,
  submitLabel,
  autoFocus = false,
  onPosted,
  onCancel,
}: CommentComposerProps) {
  const { t } = useLocale();
  const post = usePostComment(appDid);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<MessageKey | null>(null);
  const count = commentLength(text.trim());
  const params = { count, max: STORE_COMMENT_MAX_LENGTH };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = textProblem(text);
    setProblem(found);
    if (found) return;
    post.mutate(
      { body: text, ...(parentId ? { parentId } : {}) },
      {
        onSuccess: () => {
          setText('');
          onPosted?.();
        },
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={1}>
        <TextField
          label={label}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(null);
            post.reset();
          }}
          error={problem !== null || count > STORE_COMMENT_MAX_LENGTH}
          helperText={problem ? t(problem, params) : t('store.comments.counter', params)}
          slotProps={{ formHelperText: { sx: problem ? undefined : { textAlign: 'right' } } }}
          autoFocus={autoFocus}
          multiline
          minRows={2}
          fullWidth
        />
        {post.error ? (
          <Alert severity="error">{apiErrorText(t, post.error, COMMENT_ERROR_TEXTS)}</Alert>
        ) : null}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {onCancel ? (
            <Button onClick={onCancel} disabled={post.isPending}>
              {t('common.cancel')}
            </Button>
          ) : null}
          <Button type="submit" variant="contained" disabled={post.isPending}>
            {submitLabel}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
