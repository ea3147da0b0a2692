import type { MessageKey } from '@bazaar/i18n';
import { useLocale } from '@bazaar/platform-shell';
import type { AppVersionActionResponse, AppVersionStatus, StoreAppVersion } from '@bazaar/schemas';
import { Alert } from '@mui/material';
import { apiErrorText } from '../api-error-text.ts';
import { APP_ERROR_TEXTS } from './app-error-texts.ts';

/** What the last action led to, by the status the version reached. */
const DONE_TEXTS: Record<AppVersionStatus, MessageKey> = {
  draft: 'store.apps.done.draft',
  pending: 'store.apps.done.pending',
  inReview: 'store.apps.done.inReview',
  approved: 'store.apps.done.approved',
  rejected: 'store.apps.done.rejected',
  cancelled: 'store.apps.done.cancelled',
  published: 'store.apps.done.published',
};

interface VersionActionNoticeProps {
  result: AppVersionActionResponse | undefined;
  error: unknown;
  /** The versions as the page shows them now. */
  versions: StoreAppVersion[];
}

/** The outcome of the last action on a version: what happened, or the server's refusal in words. */
export function VersionActionNotice({ result, error, versions }: VersionActionNoticeProps) {
  const { t } = useLocale();
  if (error) return <Alert severity="error">{apiErrorText(t, error, APP_ERROR_TEXTS)}</Alert>;
  if (!result) return null;
  // A later change made in a dialog (an approval, a cancelled review) overtakes this result: saying
  // "the review has started" beside a rejected version would contradict the table.
  const shown = versions.find((each) => each.version === result.version.version);
  if (shown?.status !== result.version.status) return null;
  return (
    <Alert severity="success" role="status">
      {t(DONE_TEXTS[result.version.status], { version: result.version.version })}
    </Alert>
  );
}
