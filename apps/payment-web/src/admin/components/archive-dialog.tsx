import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from '@bazaar/payment-react';
import { AdminDialog } from './admin-dialog.tsx';

interface ArchiveDialogProps {
  /** The archive action's name, as its button and the dialog's title say it. */
  title: string;
  /** What archiving stops, and what it leaves running. */
  consequence: string;
  isOpen: boolean;
  isPending: boolean;
  /** Why the last try was refused, shown above the buttons to try again. */
  failure?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before something is taken off sale, saying what that stops. */
export function ArchiveDialog({
  title,
  consequence,
  isOpen,
  isPending,
  failure = null,
  onConfirm,
  onClose,
}: ArchiveDialogProps) {
  const t = useTranslate();
  return (
    <AdminDialog title={title} isOpen={isOpen} onClose={onClose} maxWidth="xs">
      <Stack spacing={2}>
        <Typography>{consequence}</Typography>
        {failure ? <Alert severity="error">{failure}</Alert> : null}
        <Stack direction="row" spacing={1}>
          <Button variant="contained" color="error" loading={isPending} onClick={onConfirm}>
            {title}
          </Button>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
        </Stack>
      </Stack>
    </AdminDialog>
  );
}
