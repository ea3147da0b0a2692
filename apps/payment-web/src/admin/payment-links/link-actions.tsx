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

interface LinkActionsProps {
  /** What the address is of, as the QR code's title names it. */
  name: string;
  address: string;
  /** What opening the address shows; a payment link's checkout unless told. */
  openLabel?: string;
}

/** What an admin does with an address a payer opens: copy it, show it as a QR code, open it. */
export function LinkActions({ name, address, openLabel }: LinkActionsProps) {
  const t = useTranslate();
  const open = openLabel ?? t('payment.admin.link.open');
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
      <Tooltip title={open}>
        <IconButton size="small" aria-label={open} href={address} target="_blank" rel="noopener">
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
