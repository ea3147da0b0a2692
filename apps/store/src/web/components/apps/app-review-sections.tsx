import { useLocale } from '@bazaar/platform-shell';
import type { AppDetail, StoreAppVersion } from '@bazaar/schemas';
import { Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { DetailSection } from './detail-section.tsx';
import { ReviewThread } from './review-thread.tsx';
import { VersionHistoryList } from './version-history-list.tsx';
import { VersionTable } from './version-table.tsx';

interface AppReviewSectionsProps {
  detail: AppDetail;
  /** The viewer's buttons for a version, by what its status allows them. */
  versionActions(version: StoreAppVersion): ReactNode;
  /** What the last action did or why it was refused, above the versions. */
  actionNotice?: ReactNode;
  comment: {
    isPending: boolean;
    error: unknown;
    send(version: string, body: string): Promise<unknown>;
  };
}

/** What the developer and the admins both see of an app's review: versions, the thread, the history. */
export function AppReviewSections({ detail, versionActions, actionNotice, comment }: AppReviewSectionsProps) {
  const { t } = useLocale();
  return (
    <>
      <DetailSection title={t('store.apps.detail.versions')}>
        {actionNotice}
        {detail.versions.length === 0 ? (
          <Typography color="text.secondary">{t('store.apps.detail.noVersions')}</Typography>
        ) : (
          <VersionTable versions={detail.versions} actions={versionActions} />
        )}
      </DetailSection>
      <DetailSection title={t('store.apps.detail.thread')}>
        <ReviewThread
          versions={detail.versions}
          comments={detail.comments}
          isSending={comment.isPending}
          sendError={comment.error}
          onSend={comment.send}
        />
      </DetailSection>
      <DetailSection title={t('store.apps.detail.history')}>
        <VersionHistoryList history={detail.history} />
      </DetailSection>
    </>
  );
}
