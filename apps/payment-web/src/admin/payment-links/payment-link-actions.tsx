import { useState } from 'react';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { Link as RouterLink } from 'react-router';
import { useTranslate } from '@bazaar/payment-react';
import type { AdminPaymentLink } from '@bazaar/schemas';
import { useUpdatePaymentLink } from '../api/use-payment-links.ts';
import { saveFailureText } from '../components/api-form-errors.ts';
import { ArchiveDialog } from '../components/archive-dialog.tsx';

/**
 * Edit the link; archive it (after saying what that stops) or restore it. A refusal
 * shows in the dialog, or, for a restore, in a note.
 */
export function PaymentLinkActions({ link }: { link: AdminPaymentLink }) {
  const t = useTranslate();
  const updateLink = useUpdatePaymentLink(link.id);
  const [isConfirming, setIsConfirming] = useState(false);
  const failure = saveFailureText(updateLink.error, t);
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
          {t('payment.admin.link.archive')}
        </Button>
      ) : (
        <Button
          variant="outlined"
          loading={updateLink.isPending}
          onClick={() => updateLink.mutate({ active: true })}
        >
          {t('payment.admin.link.unarchive')}
        </Button>
      )}
      <ArchiveDialog
        title={t('payment.admin.link.archive')}
        consequence={t('payment.admin.link.archiveConfirm')}
        isOpen={isConfirming}
        isPending={updateLink.isPending}
        failure={failure}
        onConfirm={() => updateLink.mutate({ active: false }, { onSuccess: close })}
        onClose={close}
      />
      <Snackbar open={!isConfirming && failure !== null} onClose={() => updateLink.reset()}>
        <Alert severity="error" onClose={() => updateLink.reset()}>
          {failure}
        </Alert>
      </Snackbar>
    </>
  );
}
