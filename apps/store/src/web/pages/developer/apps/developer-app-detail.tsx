import { useLocale } from '@bazaar/platform-shell';
import type { AppDetail, DeveloperVersionAction } from '@bazaar/schemas';
import { Stack } from '@mui/material';
import { useState } from 'react';
import { AppDetailHeader } from '../../../components/apps/app-detail-header.tsx';
import { AppReviewSections } from '../../../components/apps/app-review-sections.tsx';
import { useAddAppComment } from '../../../components/apps/use-apps.ts';
import {
  VersionActionButtons,
  type ActionButtonLook,
} from '../../../components/apps/version-action-buttons.tsx';
import { AppSettingsSection } from './app-settings-section.tsx';
import { CancelReviewDialog } from './cancel-review-dialog.tsx';
import { developerVersionActions } from './developer-version-rules.ts';
import { useDeveloperVersionAction } from './use-developer-app-changes.ts';
import { VersionActionNotice } from '../../../components/apps/version-action-notice.tsx';

const DEVELOPER_BUTTONS: Record<DeveloperVersionAction, ActionButtonLook> = {
  requestReview: {
    label: 'store.apps.action.requestReview',
    labelFor: 'store.apps.action.requestReviewFor',
    variant: 'outlined',
    color: 'primary',
  },
  publish: {
    label: 'store.apps.action.publish',
    labelFor: 'store.apps.action.publishFor',
    variant: 'contained',
    color: 'primary',
  },
  cancelReview: {
    label: 'store.apps.action.cancelReview',
    labelFor: 'store.apps.action.cancelReviewFor',
    variant: 'text',
    color: 'error',
  },
};

/** One of the developer's apps: its settings, its versions with what each allows, the review thread and history. */
export function DeveloperAppDetail({ detail }: { detail: AppDetail }) {
  const { t } = useLocale();
  const { app, versions } = detail;
  const act = useDeveloperVersionAction(app.did);
  const comment = useAddAppComment('developer', app.did);
  // Cancelling is final, so it waits for the dialog's confirmation; the other actions go at once.
  const [cancelling, setCancelling] = useState<string | null>(null);

  return (
    <Stack spacing={3}>
      <AppDetailHeader app={app} backTo="/developer/apps" backLabel={t('store.apps.developer.back')} />
      <AppSettingsSection app={app} />
      <AppReviewSections
        detail={detail}
        actionNotice={<VersionActionNotice result={act.data} error={act.error} versions={versions} />}
        versionActions={(version) => (
          <VersionActionButtons
            version={version.version}
            actions={developerVersionActions(app, versions, version)}
            looks={DEVELOPER_BUTTONS}
            isBusy={act.isPending}
            onAct={(action) =>
              action === 'cancelReview'
                ? setCancelling(version.version)
                : act.mutate({ version: version.version, action })
            }
          />
        )}
        comment={{
          isPending: comment.isPending,
          error: comment.error,
          send: (version, body) => comment.mutateAsync({ version, body }),
        }}
      />
      {cancelling !== null ? (
        <CancelReviewDialog did={app.did} version={cancelling} onClose={() => setCancelling(null)} />
      ) : null}
    </Stack>
  );
}
