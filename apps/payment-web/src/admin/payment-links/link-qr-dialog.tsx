import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslate } from '@bazaar/payment-react';
import { AdminDialog } from '../components/admin-dialog.tsx';

const QR_SIZE_PX = 240;

interface LinkQrDialogProps {
  name: string;
  address: string;
  isOpen: boolean;
  onClose: () => void;
}

/** The link as a QR code, for a poster or a screen a payer scans with their phone. */
export function LinkQrDialog({ name, address, isOpen, onClose }: LinkQrDialogProps) {
  const t = useTranslate();
  const title = t('payment.admin.link.qrTitle', { name });
  return (
    <AdminDialog title={title} isOpen={isOpen} onClose={onClose} maxWidth="xs">
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 1 }}>
        <Box sx={{ p: 2, bgcolor: '#fff', borderRadius: 1, border: 1, borderColor: 'divider' }}>
          <QRCodeSVG
            value={address}
            size={QR_SIZE_PX}
            marginSize={0}
            title={title}
            role="img"
            aria-label={title}
          />
        </Box>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ wordBreak: 'break-all', textAlign: 'center' }}
        >
          {address}
        </Typography>
      </Box>
    </AdminDialog>
  );
}
