import { useLocale } from '@bazaar/platform-shell';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { isMissing, issuesByField } from '../../../components/form-issues.ts';
import { ResponsiveDialog } from '../../../components/responsive-dialog.tsx';

interface ReasonDialogProps<Body> {
  title: string;
  description: string;
  reasonLabel: string;
  confirmLabel: string;
  maxLength: number;
  /** The request body from the reason, by the server's own schema (whose field is `reason`). */
  parse(reason: string): z.ZodSafeParseResult<Body>;
  isBusy: boolean;
  /** What the server answered the last try, worded. */
  errorText: string | null;
  onConfirm(body: Body): void;
  onClose(): void;
  /** Fields besides the reason, shown under it; `parse` reads their state. */
  children?: ReactNode;
}

/**
 * Confirms a change the developer is told the reason for (reject, block): nothing is sent until a
 * reason within the server's limit is given.
 */
export function ReasonDialog<Body>({
  title,
  description,
  reasonLabel,
  confirmLabel,
  maxLength,
  parse,
  isBusy,
  errorText,
  onConfirm,
  onClose,
  children,
}: ReasonDialogProps<Body>) {
  const { t } = useLocale();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = parse(reason);
    if (!parsed.success) {
      const issue = issuesByField(parsed.error).reason;
      setReasonError(
        issue && !isMissing(issue)
          ? t('store.form.noLongerThan', { number: maxLength })
          : t('store.form.required', { name: reasonLabel }),
      );
      return;
    }
    setReasonError(null);
    onConfirm(parsed.data);
  }

  return (
    <ResponsiveDialog
      title={title}
      isLocked={isBusy}
      onClose={onClose}
      onSubmit={onSubmit}
      actions={
        <>
          <Button onClick={onClose} disabled={isBusy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={isBusy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography>{description}</Typography>
        <TextField
          label={reasonLabel}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={reasonError !== null}
          helperText={reasonError ?? `${reason.trim().length}/${maxLength}`}
          required
          multiline
          minRows={2}
          fullWidth
          autoFocus
        />
        {children}
        {errorText ? <Alert severity="error">{errorText}</Alert> : null}
      </Stack>
    </ResponsiveDialog>
  );
}
