import { useEffect, useId, useRef } from 'react';
import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { shortAddress } from '@bazaar/schemas';
import { formatTokenAmount } from '@bazaar/money';
import { useTranslate } from '../provider/payment-context.ts';
import { walletMissingText } from '../wallet/wallet-error-text.ts';
import type { WalletStep as WalletStepData } from '../wallet/wallet-machine.ts';
import type { WalletPhase } from './submit-machine.ts';

export interface WalletStepProps {
  wallet: WalletStepData;
  phase: WalletPhase;
  error: string | null;
  /** Ask the wallet again after an error. */
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * In place of the pay button while the payer's wallet sends a chain payment: what it is asked to
 * send (or authorise), from which account, and where it stands. Its heading takes the focus, so a
 * screen reader announces the step.
 */
export function WalletStep({ wallet, phase, error, onConfirm, onCancel }: WalletStepProps) {
  const t = useTranslate();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { chain } = wallet;
  const amount = formatTokenAmount(chain.amount, chain.token);
  const isBusy = phase === 'confirming' || phase === 'waiting';
  const details = [
    [t('payment.checkout.wallet.network'), chain.network_name],
    [t('payment.checkout.wallet.token'), `${chain.token.symbol} · ${shortAddress(chain.token.address)}`],
    [t('payment.checkout.wallet.amount'), amount],
    ...(chain.payer ? [[t('payment.checkout.wallet.from'), shortAddress(chain.payer)]] : []),
  ];

  return (
    <Stack component="section" spacing={1.5} aria-labelledby={headingId} aria-busy={isBusy}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <AccountBalanceWalletOutlinedIcon color="primary" fontSize="small" />
        <Typography
          id={headingId}
          ref={heading}
          tabIndex={-1}
          component="h2"
          variant="subtitle1"
          sx={{ fontWeight: 600, outline: 'none' }}
        >
          {t('payment.checkout.wallet.title')}
        </Typography>
      </Stack>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'auto 1fr',
          columnGap: 2,
          rowGap: 0.75,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, textAlign: 'right', overflowWrap: 'anywhere' },
        }}
      >
        {details.map(([term, value]) => (
          <Typography key={term} component="div" variant="body2" sx={{ display: 'contents' }}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </Typography>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {chain.action === 'approve'
          ? t('payment.checkout.wallet.approveNotice', {
              amount: formatTokenAmount(chain.approve_amount, chain.token),
            })
          : t('payment.checkout.wallet.transferNotice', { amount })}
      </Typography>
      {wallet.isBalanceLow ? (
        <Alert severity="warning" variant="outlined">
          {t('payment.checkout.wallet.balanceLow', { amount, symbol: chain.token.symbol })}
        </Alert>
      ) : null}
      {phase === 'unavailable' ? (
        <Alert severity="info" variant="outlined">
          {walletMissingText(chain.network_name, t)}
        </Alert>
      ) : (
        <>
          {error ? <Alert severity="error">{error}</Alert> : null}
          <Button
            variant="contained"
            size="large"
            disabled={isBusy}
            onClick={onConfirm}
            startIcon={isBusy ? <CircularProgress size={18} color="inherit" /> : null}
          >
            {phase === 'confirming'
              ? t('payment.checkout.wallet.confirming')
              : phase === 'waiting'
                ? t('payment.checkout.wallet.waiting')
                : t('common.retry')}
          </Button>
        </>
      )}
      <Button variant="text" onClick={onCancel} disabled={isBusy}>
        {t('common.cancel')}
      </Button>
    </Stack>
  );
}
