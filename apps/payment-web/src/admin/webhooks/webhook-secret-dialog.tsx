import { useState } from 'react';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslate } from '@bazaar/payment-react';
import { AdminDialog } from '../components/admin-dialog.tsx';

/**
 * A signing secret, the one time the API answers it (the endpoint's creation, a roll): shown
 * with a copy button and a warning that it will not be shown again. The caller holds it only
 * until this closes.
 */
export function WebhookSecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const t = useTranslate();
  const [isCopied, setIsCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret ?? '');
      setIsCopied(true);
    } catch {
      // The clipboard is refused outside a secure context: the field below can be selected by hand.
    }
  }

  return (
    <AdminDialog title={t('payment.admin.webhook.secretTitle')} isOpen={secret !== null} onClose={onClose}>
      <Stack spacing={2.5}>
        <Alert severity="warning">{t('payment.admin.webhook.secretWarning')}</Alert>
        <TextField
          label={t('payment.admin.webhook.secretLabel')}
          value={secret ?? ''}
          slotProps={{ htmlInput: { readOnly: true, sx: { fontFamily: 'monospace' } } }}
          onFocus={(event) => event.target.select()}
        />
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={copy}>
            {isCopied ? t('payment.admin.webhook.copied') : t('payment.admin.webhook.copySecret')}
          </Button>
          <Button variant="contained" onClick={onClose}>
            {t('payment.admin.webhook.secretSaved')}
          </Button>
        </Stack>
      </Stack>
    </AdminDialog>
  );
}
