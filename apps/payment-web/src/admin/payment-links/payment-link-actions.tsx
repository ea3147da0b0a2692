import { useState } from 'react';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { extractErrorText, useTranslate } from '@bazaar/payment-react';
import type { AdminPaymentLink } from '@bazaar/schemas';
import { useUpdatePaymentLink } from '../api/use-payment-links.ts';
import { AdminDialog } from '../components/admin-dialog.tsx';

/**
 * Edit the link; deactivate it (after saying what that stops) or activate it again. A refusal
 * shows in the dialog, or, for an activation, in a note.
 */
export function PaymentLinkActions({ link }: { link: AdminPaymentLink }) {
  const t = useTranslate();
  const updateLink = useUpdatePaymentLink(link.id);
  const [isConfirming, setIsConfirming] = useState(false);
  const failure = updateLink.error
    ? t('payment.admin.saveFailed', { reason: extractErrorText(updateLink.error, t) })
    : null;
  const close = () => {
    setIsConfirming(false);
    updateLink.reset();
  };

  return (
    <>
      <Button component={RouterLink} to="edit" variant="outlined" startIcon={<EditOutlinedIcon />}>
        {t('payment.admin.link.edit')}
      </Button>
      {link.active ? (
        <Button variant="outlined" color="error" onClick={() => setIsConfirming(true)}>
          {t('payment.admin.link.deactivate')}
        </Button>
      ) : (
        <Button
          variant="outlined"
          loading={updateLink.isPending}
          onClick={() => updateLink.mutate({ active: true })}
        >
          {t('payment.admin.link.activate')}
        </Button>
      )}
      <AdminDialog
        title={t('payment.admin.link.deactivate')}
        isOpen={isConfirming}
        onClose={close}
        maxWidth="xs"
      >
        <Stack spacing={2}>
          <Typography>{t('payment.admin.link.deactivateConfirm')}</Typography>
          {failure ? <Alert severity="error">{failure}</Alert> : null}
          <Stack direction="row" spacing={1}>
            <Button
              variant="contained"
              color="error"
              loading={updateLink.isPending}
              onClick={() => updateLink.mutate({ active: false }, { onSuccess: close })}
            >
              {t('payment.admin.link.deactivate')}
            </Button>
            <Button onClick={close}>{t('common.cancel')}</Button>
          </Stack>
        </Stack>
      </AdminDialog>
      <Snackbar open={!isConfirming && failure !== null} onClose={() => updateLink.reset()}>
        <Alert severity="error" onClose={() => updateLink.reset()}>
          {failure}
        </Alert>
      </Snackbar>
    </>
  );
}
