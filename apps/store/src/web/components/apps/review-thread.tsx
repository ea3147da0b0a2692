import { useLocale } from '@bazaar/platform-shell';
import {
  APP_COMMENT_MAX_LENGTH,
  appCommentBodySchema,
  type AppComment,
  type StoreAppVersion,
} from '@bazaar/schemas';
import { Alert, Box, Button, List, ListItem, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { apiErrorText } from '../api-error-text.ts';
import { formatDateTime } from '../format-date.ts';
import { isMissing, issuesByField } from '../form-issues.ts';
import { APP_ERROR_TEXTS } from './app-error-texts.ts';
import { shortDid } from './short-did.tsx';

/** The thread shown first: the newest version under review or past it, else the newest upload. */
function defaultThreadVersion(versions: StoreAppVersion[]): string | null {
  return (versions.find((version) => version.status !== 'draft') ?? versions[0])?.version ?? null;
}

function CommentItem({ comment }: { comment: AppComment }) {
  const { t } = useLocale();
  return (
    <ListItem disableGutters divider sx={{ display: 'block' }}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline' }}>
        <Typography sx={{ fontWeight: 600 }}>{t(`store.apps.actor.${comment.authorKind}`)}</Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          title={comment.authorDid}
          sx={{ fontFamily: 'monospace' }}
        >
          {shortDid(comment.authorDid)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatDateTime(comment.createdAt)}
        </Typography>
      </Stack>
      <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', mt: 0.5 }}>
        {comment.body}
      </Typography>
    </ListItem>
  );
}

interface ReviewThreadProps {
  versions: StoreAppVersion[];
  comments: AppComment[];
  isSending: boolean;
  /** What the server answered the last comment sent, if it refused it. */
  sendError: unknown;
  onSend(version: string, body: string): Promise<unknown>;
}

/**
 * The review conversation of one version (picked from the app's versions) between its developer
 * and the Store admins, with a box to reply. A draft has no review yet, so it takes no comment.
 */
export function ReviewThread({ versions, comments, isSending, sendError, onSend }: ReviewThreadProps) {
  const { t } = useLocale();
  const [pickedVersion, setPickedVersion] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const version =
    versions.find((each) => each.version === pickedVersion)?.version ?? defaultThreadVersion(versions);
  const current = versions.find((each) => each.version === version);
  if (!current) return <Typography color="text.secondary">{t('store.apps.detail.noVersions')}</Typography>;
  const thread = comments.filter((comment) => comment.version === current.version);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = appCommentBodySchema.safeParse({ body: text });
    if (!parsed.success) {
      const issue = issuesByField(parsed.error).body;
      setFieldError(
        issue && !isMissing(issue)
          ? t('store.form.noLongerThan', { number: APP_COMMENT_MAX_LENGTH })
          : t('store.form.required', { name: t('store.apps.thread.field') }),
      );
      return;
    }
    setFieldError(null);
    try {
      await onSend(current.version, parsed.data.body);
      setText('');
    } catch {
      // Shown below from the send's error.
    }
  };

  return (
    <Stack spacing={2}>
      <TextField
        select
        size="small"
        label={t('store.apps.thread.version')}
        value={current.version}
        onChange={(event) => setPickedVersion(event.target.value)}
        slotProps={{ select: { native: true } }}
        sx={{ maxWidth: { sm: 320 } }}
      >
        {versions.map((each) => (
          <option key={each.version} value={each.version}>
            {`${each.version} · ${t(`store.apps.status.${each.status}`)}`}
          </option>
        ))}
      </TextField>
      {thread.length === 0 ? (
        <Typography color="text.secondary">
          {t('store.apps.thread.empty', { version: current.version })}
        </Typography>
      ) : (
        <List disablePadding aria-label={t('store.apps.thread.labelFor', { version: current.version })}>
          {thread.map((comment) => (
            <CommentItem key={comment.id} comment={comment} />
          ))}
        </List>
      )}
      {current.status === 'draft' ? (
        <Typography color="text.secondary">{t('store.apps.thread.draft')}</Typography>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label={t('store.apps.thread.field')}
              value={text}
              onChange={(event) => setText(event.target.value)}
              error={fieldError !== null}
              helperText={fieldError}
              multiline
              minRows={2}
              fullWidth
            />
            {sendError ? (
              <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
                {apiErrorText(t, sendError, APP_ERROR_TEXTS)}
              </Alert>
            ) : null}
            <Button type="submit" variant="contained" disabled={isSending}>
              {t('store.apps.thread.send')}
            </Button>
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
