import { useLocale } from '@bazaar/platform-shell';
import type { AppDetail } from '@bazaar/schemas';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useCategories } from '../../../api/use-categories.ts';
import { AppDetailHeader } from '../../../components/apps/app-detail-header.tsx';
import { AppReviewSections } from '../../../components/apps/app-review-sections.tsx';
import { useAddAppComment } from '../../../components/apps/use-apps.ts';
import {
  VersionActionButtons,
  type ActionButtonLook,
} from '../../../components/apps/version-action-buttons.tsx';
import { VersionActionNotice } from '../../../components/apps/version-action-notice.tsx';
import { AppFactsSection } from './app-facts-section.tsx';
import { ApproveVersionDialog } from './approve-version-dialog.tsx';
import { BlockAppDialog } from './block-app-dialog.tsx';
import { reviewActions, type ReviewAction } from './console-review-rules.ts';
import { RejectVersionDialog } from './reject-version-dialog.tsx';
import { UnblockAppDialog } from './unblock-app-dialog.tsx';
import { useReviewVersion } from './use-console-app-changes.ts';

const REVIEW_BUTTONS: Record<ReviewAction, ActionButtonLook> = {
  start: {
    label: 'store.apps.review.start',
    labelFor: 'store.apps.review.startFor',
    variant: 'outlined',
    color: 'primary',
  },
  approve: {
    label: 'store.apps.review.approve',
    labelFor: 'store.apps.review.approveFor',
    variant: 'contained',
    color: 'success',
  },
  reject: {
    label: 'store.apps.review.reject',
    labelFor: 'store.apps.review.rejectFor',
    variant: 'text',
    color: 'error',
  },
};

/** At most one dialog at a time: approving and rejecting ask for more, blocking needs a reason. */
type ConsoleAppDialog =
  { kind: 'approve' | 'reject'; version: string } | { kind: 'block' } | { kind: 'unblock' };

/** An app as a Store admin reviews it: its facts, versions with the review actions, thread and history; block or unblock. */
export function ConsoleAppDetail({ detail }: { detail: AppDetail }) {
  const { t, locale } = useLocale();
  const { app } = detail;
  const start = useReviewVersion(app.did);
  const comment = useAddAppComment('console', app.did);
  const category = useCategories().data?.list.find((each) => each.id === app.category);
  const [dialog, setDialog] = useState<ConsoleAppDialog | null>(null);
  const close = () => setDialog(null);

  return (
    <Stack spacing={3}>
      <AppDetailHeader
        app={app}
        backTo="/console/apps"
        backLabel={t('store.apps.console.back')}
        action={
          app.isBlocked ? (
            <Button variant="outlined" onClick={() => setDialog({ kind: 'unblock' })}>
              {t('store.apps.unblock.action')}
            </Button>
          ) : (
            <Button variant="outlined" color="error" onClick={() => setDialog({ kind: 'block' })}>
              {t('store.apps.block.action')}
            </Button>
          )
        }
      />
      <AppFactsSection app={app} categoryName={category ? category.name[locale] : app.category} />
      <AppReviewSections
        detail={detail}
        actionNotice={
          <VersionActionNotice result={start.data} error={start.error} versions={detail.versions} />
        }
        versionActions={(version) => (
          <VersionActionButtons
            version={version.version}
            actions={reviewActions(version)}
            looks={REVIEW_BUTTONS}
            isBusy={start.isPending}
            onAct={(action) =>
              action === 'start'
                ? start.mutate({ action: 'start', version: version.version })
                : setDialog({ kind: action, version: version.version })
            }
          />
        )}
        comment={{
          isPending: comment.isPending,
          error: comment.error,
          send: (version, body) => comment.mutateAsync({ version, body }),
        }}
      />
      {dialog?.kind === 'approve' ? (
        <ApproveVersionDialog app={app} version={dialog.version} onClose={close} />
      ) : null}
      {dialog?.kind === 'reject' ? (
        <RejectVersionDialog did={app.did} version={dialog.version} onClose={close} />
      ) : null}
      {dialog?.kind === 'block' ? <BlockAppDialog app={app} onClose={close} /> : null}
      {dialog?.kind === 'unblock' ? <UnblockAppDialog app={app} onClose={close} /> : null}
    </Stack>
  );
}
