import type { ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { StackedDialogActions } from '../primitives/stacked-dialog-actions.tsx';

export interface ActionDialogProps {
  /** Names the dialog for assistive technology too. */
  title: string;
  /** While the action runs the dialog stays open: no backdrop or Escape close. */
  isBusy: boolean;
  onClose: () => void;
  /** Buttons, the main one last; they stack full width on phones. */
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of a subscription action's dialog; full screen on phones, where there is no room around it. */
export function ActionDialog({ title, isBusy, onClose, actions, children }: ActionDialogProps) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open
      onClose={isBusy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={isPhone}
      aria-label={title}
    >
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      {actions ? (
        <StackedDialogActions phoneDirection="column-reverse">{actions}</StackedDialogActions>
      ) : null}
    </Dialog>
  );
}
