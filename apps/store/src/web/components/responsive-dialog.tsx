import {
  Box,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useId, type FormEvent, type ReactNode } from 'react';

interface ResponsiveDialogProps {
  title: string;
  /** While something runs, or when closing would lose what only this dialog shows, only a button closes it. */
  isLocked?: boolean;
  onClose(): void;
  /** Makes the dialog a form: Enter submits, and the main button is `type="submit"`. */
  onSubmit?(event: FormEvent<HTMLFormElement>): void;
  /** Buttons, the main one last; they stack full width on phones, the main one on top. */
  actions: ReactNode;
  /** A fixed width in px (a checkout's 680) instead of the usual small dialog's. */
  widthPx?: number;
  children: ReactNode;
}

/** The Store's dialog: full screen on phones, where there is no room around it. */
export function ResponsiveDialog({
  title,
  isLocked = false,
  onClose,
  onSubmit,
  actions,
  widthPx,
  children,
}: ResponsiveDialogProps) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const body = (
    <>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions
        disableSpacing
        sx={{
          px: 3,
          pb: 3,
          gap: 1,
          flexDirection: { xs: 'column-reverse', sm: 'row' },
          '& > *': { width: { xs: '100%', sm: 'auto' } },
        }}
      >
        {actions}
      </DialogActions>
    </>
  );
  return (
    <Dialog
      open
      onClose={isLocked ? undefined : onClose}
      fullWidth
      maxWidth={widthPx === undefined ? 'sm' : false}
      fullScreen={isPhone}
      aria-labelledby={titleId}
      slotProps={
        widthPx === undefined || isPhone ? undefined : { paper: { sx: { width: widthPx, maxWidth: '100%' } } }
      }
    >
      {onSubmit ? (
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
        >
          {body}
        </Box>
      ) : (
        body
      )}
    </Dialog>
  );
}
