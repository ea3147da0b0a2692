import { useLocale } from '@bazaar/platform-shell';
import type { CreateInvitationResponse } from '@bazaar/schemas';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import type { FocusEvent } from 'react';
import { CopyButton } from '../../../components/copy-button.tsx';
import { formatDateTime } from '../../../components/format-date.ts';
import { ResponsiveDialog } from '../../../components/responsive-dialog.tsx';
import { invitationLink } from './invitation-link.ts';

interface InvitationLinkDialogProps {
  created: CreateInvitationResponse;
  onClose(): void;
}

/**
 * The accept link of a new invitation, shown this once (the Store keeps only its token's hash).
 * Only "Done" closes it, so nobody loses the link by a click beside the dialog.
 */
export function InvitationLinkDialog({ created, onClose }: InvitationLinkDialogProps) {
  const { t } = useLocale();
  const { invitation, token } = created;
  const link = invitationLink(window.location.origin, token);
  return (
    <ResponsiveDialog
      title={t('store.console.invitations.link.title')}
      isLocked
      onClose={onClose}
      actions={
        <Button variant="contained" onClick={onClose}>
          {t('store.console.invitations.link.done')}
        </Button>
      }
    >
      <Stack spacing={2}>
        <Typography>
          {t('store.console.invitations.link.for', {
            invitee: invitation.email ?? invitation.did ?? '',
            date: formatDateTime(invitation.expiresAt),
          })}
        </Typography>
        <Alert severity="warning">{t('store.console.invitations.link.warning')}</Alert>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            label={t('store.console.invitations.link.label')}
            value={link}
            fullWidth
            slotProps={{
              htmlInput: {
                readOnly: true,
                spellCheck: false,
                onFocus: (event: FocusEvent<HTMLInputElement>) => event.target.select(),
              },
            }}
          />
          <CopyButton
            text={link}
            variant="outlined"
            label={t('store.console.invitations.link.copy')}
            copiedLabel={t('store.copy.copied')}
          />
        </Stack>
      </Stack>
    </ResponsiveDialog>
  );
}
