import type { ReactNode } from 'react';
import DialogActions from '@mui/material/DialogActions';

export interface StackedDialogActionsProps {
  /** How the buttons stack on phones: `column-reverse` brings the last (main) one to the top. */
  phoneDirection: 'column' | 'column-reverse';
  children: ReactNode;
}

/** A dialog's buttons in a row, stacked full width on phones where a row has no room. */
export function StackedDialogActions({ phoneDirection, children }: StackedDialogActionsProps) {
  return (
    <DialogActions
      disableSpacing
      sx={{
        px: 3,
        pb: 3,
        gap: 1,
        flexDirection: { xs: phoneDirection, sm: 'row' },
        '& > *': { width: { xs: '100%', sm: 'auto' } },
      }}
    >
      {children}
    </DialogActions>
  );
}
