import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { extractErrorText, useTranslate } from '@bazaar/payment-react';
import { AdminDialog } from '../components/admin-dialog.tsx';

interface ConfirmActionDialogProps {
  title: string;
  onClose: () => void;
  /** What confirming does, and any choices that go with it. */
  children: ReactNode;
  confirmLabel: string;
  /** The button that leaves without doing it. */
  dismissLabel: string;
  isDestructive?: boolean;
  isPending: boolean;
  error: unknown;
  onConfirm: () => void;
}

/** Says what an action on the subscription does before it runs; stays open while it runs and with its error. */
export function ConfirmActionDialog({
  title,
  onClose,
  children,
  confirmLabel,
  dismissLabel,
  isDestructive = false,
  isPending,
  error,
  onConfirm,
}: ConfirmActionDialogProps) {
  const t = useTranslate();
  return (
    <AdminDialog title={title} isOpen onClose={isPending ? () => {} : onClose} maxWidth="xs">
      <Stack spacing={2} sx={{ pb: 1 }}>
        {children}
        {error ? <Alert severity="error">{extractErrorText(error, t)}</Alert> : null}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            color={isDestructive ? 'error' : 'primary'}
            loading={isPending}
            onClick={onConfirm}
          >
            {confirmLabel}
          </Button>
          <Button onClick={onClose} disabled={isPending}>
            {dismissLabel}
          </Button>
        </Stack>
      </Stack>
    </AdminDialog>
  );
}
