import { useState } from 'react';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ApiError, extractErrorText, useTranslate } from '@bazaar/payment-react';
import type { Translate } from '@bazaar/i18n';
import type { AdminInvoice } from '@bazaar/schemas';
import type { InvoiceMove } from '../api/invoices-api.ts';
import { useMoveInvoice } from '../api/use-invoices.ts';
import { AdminDialog } from '../components/admin-dialog.tsx';

/** The moves each status allows, as the server's lifecycle does: a paid or void invoice is final. */
const MOVES: Record<AdminInvoice['status'], readonly InvoiceMove[]> = {
  draft: ['finalize', 'void'],
  open: ['mark-uncollectible', 'void'],
  uncollectible: ['void'],
  paid: [],
  void: [],
};

const MOVE_TEXTS = {
  finalize: {
    action: 'payment.admin.invoices.finalize',
    confirm: 'payment.admin.invoices.finalizeConfirm',
  },
  void: { action: 'payment.admin.invoices.void', confirm: 'payment.admin.invoices.voidConfirm' },
  'mark-uncollectible': {
    action: 'payment.admin.invoices.markUncollectible',
    confirm: 'payment.admin.invoices.markUncollectibleConfirm',
  },
} as const;

/**
 * Why a move failed. A refusal by the invoice's state names the state that refused it (paid
 * meanwhile, being collected), which the kit's generic text for the code, written for payers, does not.
 */
function moveErrorText(error: unknown, t: Translate): string {
  if (error instanceof ApiError && error.code === 'INVOICE_UNEXPECTED_STATE') {
    return t('payment.admin.invoices.moveRefused', { reason: error.message });
  }
  return extractErrorText(error, t);
}

/**
 * What the invoice's status allows: a draft is edited or finalized; an unpaid invoice voided or
 * marked uncollectible. Each move is confirmed first, since none can be undone.
 */
export function InvoiceActions({ invoice }: { invoice: AdminInvoice }) {
  const t = useTranslate();
  const moveInvoice = useMoveInvoice(invoice.id);
  const [pending, setPending] = useState<InvoiceMove | null>(null);
  const close = () => {
    setPending(null);
    moveInvoice.reset();
  };

  return (
    <>
      {invoice.status === 'draft' ? (
        <Button component={RouterLink} to="edit" variant="outlined" startIcon={<EditOutlinedIcon />}>
          {t('payment.admin.invoices.edit')}
        </Button>
      ) : null}
      {MOVES[invoice.status].map((move) => (
        <Button
          key={move}
          variant={move === 'finalize' ? 'contained' : 'outlined'}
          color={move === 'void' ? 'error' : 'primary'}
          onClick={() => setPending(move)}
        >
          {t(MOVE_TEXTS[move].action)}
        </Button>
      ))}
      <AdminDialog
        title={pending ? t(MOVE_TEXTS[pending].action) : ''}
        isOpen={pending !== null}
        onClose={close}
        maxWidth="xs"
      >
        {pending ? (
          <Stack spacing={2}>
            <Typography>{t(MOVE_TEXTS[pending].confirm, { number: invoice.number })}</Typography>
            {moveInvoice.error ? <Alert severity="error">{moveErrorText(moveInvoice.error, t)}</Alert> : null}
            <Stack direction="row" spacing={1}>
              <Button
                variant="contained"
                color={pending === 'void' ? 'error' : 'primary'}
                loading={moveInvoice.isPending}
                onClick={() => moveInvoice.mutate(pending, { onSuccess: close })}
              >
                {t(MOVE_TEXTS[pending].action)}
              </Button>
              <Button onClick={close}>{t('common.cancel')}</Button>
            </Stack>
          </Stack>
        ) : null}
      </AdminDialog>
    </>
  );
}
