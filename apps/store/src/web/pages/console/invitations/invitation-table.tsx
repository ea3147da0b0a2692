import { useLocale } from '@bazaar/platform-shell';
import type { Invitation, InvitationStatus } from '@bazaar/schemas';
import { Button, Chip, Typography } from '@mui/material';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { formatDateTime } from '../../../components/format-date.ts';

const STATUS_COLORS: Record<InvitationStatus, 'default' | 'success' | 'warning' | 'info'> = {
  pending: 'info',
  accepted: 'success',
  cancelled: 'default',
  expired: 'warning',
};

/** Pending and expired invitations may still be cancelled (so the list says what the admin did). */
const isCancellable = (invitation: Invitation) =>
  invitation.status === 'pending' || invitation.status === 'expired';

interface InvitationTableProps {
  invitations: Invitation[];
  isBusy: boolean;
  onCancel(invitation: Invitation): void;
}

/** The invitations: whom, the note, their status, when made and until when good. */
export function InvitationTable({ invitations, isBusy, onCancel }: InvitationTableProps) {
  const { t } = useLocale();
  const columns: Array<DataColumn<Invitation>> = [
    {
      id: 'invitee',
      label: t('store.console.invitations.column.invitee'),
      render: (invitation) => (
        <Typography sx={{ wordBreak: 'break-all' }}>{invitation.email ?? invitation.did}</Typography>
      ),
    },
    { id: 'note', label: t('store.console.invitations.field.note'), render: (invitation) => invitation.note },
    {
      id: 'status',
      label: t('store.console.invitations.column.status'),
      render: (invitation) => (
        <Chip
          size="small"
          color={STATUS_COLORS[invitation.status]}
          label={t(`store.console.invitations.status.${invitation.status}`)}
        />
      ),
    },
    {
      id: 'created',
      label: t('store.console.invitations.column.created'),
      render: (invitation) => formatDateTime(invitation.createdAt),
      isNoWrap: true,
    },
    {
      id: 'expires',
      label: t('store.console.invitations.column.expires'),
      render: (invitation) => formatDateTime(invitation.expiresAt),
      isNoWrap: true,
    },
  ];
  return (
    <DataTable
      label={t('store.console.invitations.title')}
      columns={columns}
      rows={invitations}
      rowKey={(invitation) => invitation.id}
      isBusy={isBusy}
      actionsLabel={t('store.table.actions')}
      actions={(invitation) =>
        isCancellable(invitation) ? (
          <Button
            size="small"
            color="error"
            onClick={() => onCancel(invitation)}
            aria-label={t('store.console.invitations.cancel.labelFor', {
              invitee: invitation.email ?? invitation.did ?? '',
            })}
          >
            {t('store.console.invitations.cancel.action')}
          </Button>
        ) : null
      }
    />
  );
}
