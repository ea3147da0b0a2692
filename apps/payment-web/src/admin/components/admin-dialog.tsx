import type { ReactNode } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslate } from '@bazaar/payment-react';

interface AdminDialogProps {
  title: string;
  isOpen: boolean;
  onClose: () => void;
  children: ReactNode;
  maxWidth?: 'xs' | 'md';
}

/** A form over the page: the whole screen on a phone, a wide dialog elsewhere. */
export function AdminDialog({ title, isOpen, onClose, children, maxWidth = 'md' }: AdminDialogProps) {
  const t = useTranslate();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={isOpen} onClose={onClose} fullScreen={isPhone} fullWidth maxWidth={maxWidth}>
      <DialogTitle sx={{ pr: 7 }}>{title}</DialogTitle>
      <IconButton
        aria-label={t('common.cancel')}
        onClick={onClose}
        sx={{ position: 'absolute', right: 12, top: 12 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent sx={{ pt: '8px !important' }}>{children}</DialogContent>
    </Dialog>
  );
}
