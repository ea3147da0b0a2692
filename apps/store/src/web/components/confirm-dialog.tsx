import { useLocale } from '@bazaar/platform-shell';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { ResponsiveDialog } from './responsive-dialog.tsx';

interface ConfirmDialogProps {
  title: string;
  description: string;
  confirmLabel: string;
  isDestructive?: boolean;
  isBusy: boolean;
  /** What went wrong the last time, worded. */
  errorText?: string | null;
  onConfirm(): void;
  onClose(): void;
}

/** "Are you sure?" before a change that is not undone by a click (delete, cancel, enable). */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  isDestructive = false,
  isBusy,
  errorText,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useLocale();
  return (
    <ResponsiveDialog
      title={title}
      isLocked={isBusy}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose} disabled={isBusy}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="contained"
            color={isDestructive ? 'error' : 'primary'}
            onClick={onConfirm}
            disabled={isBusy}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Stack spacing={2}>
        <Typography>{description}</Typography>
        {errorText ? <Alert severity="error">{errorText}</Alert> : null}
      </Stack>
    </ResponsiveDialog>
  );
}
