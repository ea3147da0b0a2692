import { useState } from 'react';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useTranslate } from '@bazaar/payment-react';
import { LinkQrDialog } from './link-qr-dialog.tsx';

const COPIED_NOTE_MS = 2_000;

/** What an admin does with a link: copy it, show it as a QR code, open its checkout. */
export function LinkActions({ name, address }: { name: string; address: string }) {
  const t = useTranslate();
  const [isQrOpen, setIsQrOpen] = useState(false);
  const [isCopied, setIsCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(address);
      setIsCopied(true);
    } catch {
      // The clipboard is refused outside a secure context; the QR dialog shows the address to select by hand.
    }
  }

  return (
    // Clicks here act on the link, not on the row around it.
    <Stack
      direction="row"
      sx={{ alignItems: 'center', height: '100%' }}
      onClick={(event) => event.stopPropagation()}
    >
      <Tooltip title={t('payment.admin.link.copy')}>
        <IconButton size="small" aria-label={t('payment.admin.link.copy')} onClick={copy}>
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('payment.admin.link.qr')}>
        <IconButton size="small" aria-label={t('payment.admin.link.qr')} onClick={() => setIsQrOpen(true)}>
          <QrCode2Icon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('payment.admin.link.open')}>
        <IconButton
          size="small"
          aria-label={t('payment.admin.link.open')}
          href={address}
          target="_blank"
          rel="noopener"
        >
          <OpenInNewIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <LinkQrDialog name={name} address={address} isOpen={isQrOpen} onClose={() => setIsQrOpen(false)} />
      <Snackbar
        open={isCopied}
        autoHideDuration={COPIED_NOTE_MS}
        onClose={() => setIsCopied(false)}
        message={t('payment.admin.link.copied')}
      />
    </Stack>
  );
}
