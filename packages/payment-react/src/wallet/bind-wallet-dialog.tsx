import CheckCircleOutlineRoundedIcon from '@mui/icons-material/CheckCircleOutlineRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { StackedDialogActions } from '../primitives/stacked-dialog-actions.tsx';
import { useTranslate } from '../provider/payment-context.ts';
import type { WalletBindingPhase } from './wallet-machine.ts';

export interface BindWalletDialogProps {
  /** The chain method's name, as the payer chose it. */
  network: string;
  phase: WalletBindingPhase;
  error: string | null;
  onConnect: () => void;
  onCancel: () => void;
}

/**
 * Paying by a chain method needs a wallet linked to the account (a card does not): this dialog
 * links the browser's wallet, or says there is none. Once linked the submit runs again by itself.
 */
export function BindWalletDialog({ network, phase, error, onConnect, onCancel }: BindWalletDialogProps) {
  const t = useTranslate();
  const isBusy = phase === 'binding';

  return (
    <Dialog
      open
      onClose={isBusy ? undefined : onCancel}
      maxWidth="xs"
      fullWidth
      aria-labelledby="bind-wallet-title"
    >
      <DialogTitle id="bind-wallet-title">{t('payment.checkout.wallet.bind.title')}</DialogTitle>
      <DialogContent>
        {phase === 'bound' ? (
          <Stack role="status" direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <CheckCircleOutlineRoundedIcon color="success" />
            <div>
              <Typography sx={{ fontWeight: 600 }}>{t('payment.checkout.wallet.bind.bound')}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('payment.checkout.wallet.bind.continuing')}
              </Typography>
            </div>
          </Stack>
        ) : phase === 'unavailable' ? (
          <Stack spacing={1}>
            <Typography>{t('payment.checkout.wallet.missing')}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('payment.checkout.wallet.missingHint', { network })}
            </Typography>
          </Stack>
        ) : (
          <Stack spacing={2}>
            <Typography color="text.secondary">
              {t('payment.checkout.wallet.bind.description', { network })}
            </Typography>
            {error ? <Alert severity="error">{error}</Alert> : null}
          </Stack>
        )}
      </DialogContent>
      {phase === 'unavailable' ? (
        <StackedDialogActions phoneDirection="column">
          <Button variant="contained" onClick={onCancel}>
            {t('payment.checkout.wallet.close')}
          </Button>
        </StackedDialogActions>
      ) : (
        <StackedDialogActions phoneDirection="column-reverse">
          <Button onClick={onCancel} disabled={isBusy}>
            {t('common.cancel')}
          </Button>
          {phase === 'bound' ? null : (
            <Button
              variant="contained"
              onClick={onConnect}
              disabled={isBusy}
              startIcon={isBusy ? <CircularProgress size={18} color="inherit" /> : null}
            >
              {isBusy ? t('payment.checkout.wallet.bind.binding') : t('payment.checkout.wallet.bind.connect')}
            </Button>
          )}
        </StackedDialogActions>
      )}
    </Dialog>
  );
}
