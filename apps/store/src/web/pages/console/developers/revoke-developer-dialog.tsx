import { useLocale } from '@bazaar/platform-shell';
import { DEVELOPER_REASON_MAX_LENGTH, updateDeveloperBodySchema, type StoreDeveloper } from '@bazaar/schemas';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { apiErrorText } from '../../../components/api-error-text.ts';
import { isMissing, issuesByField } from '../../../components/form-issues.ts';
import { ResponsiveDialog } from '../../../components/responsive-dialog.tsx';
import { useSetDeveloperStatus } from './use-developers.ts';

interface RevokeDeveloperDialogProps {
  developer: StoreDeveloper;
  onClose(): void;
}

/** Revoking needs a reason, which the developer is shown. */
export function RevokeDeveloperDialog({ developer, onClose }: RevokeDeveloperDialogProps) {
  const { t } = useLocale();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const setStatus = useSetDeveloperStatus();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = updateDeveloperBodySchema.safeParse({ status: 'revoked', reason });
    if (!parsed.success) {
      const issue = issuesByField(parsed.error).reason;
      setReasonError(
        issue && !isMissing(issue)
          ? t('store.form.noLongerThan', { number: DEVELOPER_REASON_MAX_LENGTH })
          : t('store.form.required', { name: t('store.console.developers.revoke.reason') }),
      );
      return;
    }
    setReasonError(null);
    try {
      await setStatus.mutateAsync({ did: developer.did, change: parsed.data });
      onClose();
    } catch {
      // Shown below from the mutation's error.
    }
  }

  return (
    <ResponsiveDialog
      title={t('store.console.developers.revoke.title', { name: developer.username })}
      isLocked={setStatus.isPending}
      onClose={onClose}
      onSubmit={onSubmit}
      actions={
        <>
          <Button onClick={onClose} disabled={setStatus.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={setStatus.isPending}>
            {t('store.console.developers.revoke.action')}
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography>{t('store.console.developers.revoke.description')}</Typography>
        <TextField
          label={t('store.console.developers.revoke.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={reasonError !== null}
          helperText={reasonError}
          required
          multiline
          minRows={2}
          fullWidth
          autoFocus
        />
        {setStatus.error ? <Alert severity="error">{apiErrorText(t, setStatus.error)}</Alert> : null}
      </Stack>
    </ResponsiveDialog>
  );
}
