import { useState } from 'react';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { StackedDialogActions } from '../primitives/stacked-dialog-actions.tsx';
import { useTranslate } from '../provider/payment-context.ts';

export interface AuthenticationDialogProps {
  isOpen: boolean;
  amount: string;
  onDecide: (outcome: 'approve' | 'fail') => Promise<void>;
}

/**
 * The card's extra authentication step, shown in the page as a bank's 3-D Secure test page
 * would be: the payer approves or fails it.
 */
export function AuthenticationDialog({ isOpen, amount, onDecide }: AuthenticationDialogProps) {
  const t = useTranslate();
  const [pending, setPending] = useState<'approve' | 'fail' | null>(null);
  const decide = (outcome: 'approve' | 'fail') => {
    setPending(outcome);
    void onDecide(outcome).finally(() => setPending(null));
  };

  return (
    <Dialog open={isOpen} maxWidth="xs" fullWidth aria-labelledby="authentication-title">
      <DialogTitle id="authentication-title">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <LockOutlinedIcon color="primary" />
          <span>{t('payment.checkout.authenticate.title')}</span>
        </Stack>
      </DialogTitle>
      <DialogContent>
        <Typography color="text.secondary">
          {t('payment.checkout.authenticate.description', { amount })}
        </Typography>
      </DialogContent>
      <StackedDialogActions phoneDirection="column">
        <Button variant="outlined" color="error" disabled={pending !== null} onClick={() => decide('fail')}>
          {t('payment.checkout.authenticate.fail')}
        </Button>
        <Button variant="contained" disabled={pending !== null} onClick={() => decide('approve')}>
          {t('payment.checkout.authenticate.approve')}
        </Button>
      </StackedDialogActions>
    </Dialog>
  );
}
