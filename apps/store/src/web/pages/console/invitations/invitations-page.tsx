import { ListPagination } from '@bazaar/payment-react';
import { useLocale } from '@bazaar/platform-shell';
import type { CreateInvitationResponse, Invitation } from '@bazaar/schemas';
import { Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { PageHeading } from '../../../components/page-heading.tsx';
import { LoadFailed, Loading } from '../../../components/query-state.tsx';
import { usePaging } from '../../../components/use-paging.ts';
import { CancelInvitationDialog } from './cancel-invitation-dialog.tsx';
import { InvitationLinkDialog } from './invitation-link-dialog.tsx';
import { InvitationTable } from './invitation-table.tsx';
import { InviteForm } from './invite-form.tsx';
import { useInvitations } from './use-invitations.ts';

type InvitationDialog =
  { kind: 'link'; created: CreateInvitationResponse } | { kind: 'cancel'; invitation: Invitation };

/** `/console/invitations`: invite developers by email or DID, follow and cancel invitations. */
export function InvitationsPage() {
  const { t } = useLocale();
  const paging = usePaging();
  const invitations = useInvitations(paging.page + 1, paging.pageSize);
  const [dialog, setDialog] = useState<InvitationDialog | null>(null);
  // A new form after each invitation, so the next one starts empty.
  const [formKey, setFormKey] = useState(0);
  const close = () => setDialog(null);

  return (
    <Stack spacing={3}>
      <PageHeading
        title={t('store.console.invitations.title')}
        subtitle={t('store.console.invitations.subtitle')}
      />
      <InviteForm
        key={formKey}
        onCreated={(created) => {
          setFormKey((key) => key + 1);
          setDialog({ kind: 'link', created });
        }}
      />
      {!invitations.data ? (
        invitations.error ? (
          <LoadFailed error={invitations.error} onRetry={() => void invitations.refetch()} />
        ) : (
          <Loading />
        )
      ) : invitations.data.count === 0 ? (
        <Typography color="text.secondary">{t('store.console.invitations.empty')}</Typography>
      ) : (
        <>
          <InvitationTable
            invitations={invitations.data.list}
            isBusy={invitations.isPlaceholderData}
            onCancel={(invitation) => setDialog({ kind: 'cancel', invitation })}
          />
          <ListPagination
            t={t}
            count={invitations.data.count}
            page={paging.page}
            pageSize={paging.pageSize}
            onPageChange={paging.setPage}
            onPageSizeChange={paging.setPageSize}
          />
        </>
      )}
      {dialog?.kind === 'link' ? <InvitationLinkDialog created={dialog.created} onClose={close} /> : null}
      {dialog?.kind === 'cancel' ? (
        <CancelInvitationDialog invitation={dialog.invitation} onClose={close} />
      ) : null}
    </Stack>
  );
}
