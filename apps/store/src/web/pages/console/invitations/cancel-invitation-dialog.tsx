import { useLocale } from '@bazaar/platform-shell';
import type { Invitation } from '@bazaar/schemas';
import { apiErrorText } from '../../../components/api-error-text.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useCancelInvitation } from './use-invitations.ts';

/** Cancels an invitation once confirmed; its link stops working. */
export function CancelInvitationDialog({ invitation, onClose }: { invitation: Invitation; onClose(): void }) {
  const { t } = useLocale();
  const cancel = useCancelInvitation();
  return (
    <ConfirmDialog
      title={t('store.console.invitations.cancel.title', {
        invitee: invitation.email ?? invitation.did ?? '',
      })}
      description={t('store.console.invitations.cancel.description')}
      confirmLabel={t('store.console.invitations.cancel.action')}
      isDestructive
      isBusy={cancel.isPending}
      errorText={
        cancel.error
          ? apiErrorText(t, cancel.error, { INVITATION_USED: 'store.console.invitations.error.used' })
          : null
      }
      onConfirm={() => cancel.mutate(invitation.id, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}
