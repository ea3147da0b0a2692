import { Alert } from '@mui/material';
import { useLocale } from '@bazaar/platform-shell';
import { profileErrorText } from './profile-error-text.ts';
import type { ProfileNotice } from './use-profile-change.ts';

/** How the last change of a section went: a success note, or what went wrong. */
export function ProfileNoticeAlert({ notice }: { notice: ProfileNotice | null }) {
  const { t } = useLocale();
  if (!notice) return null;
  return notice.severity === 'success' ? (
    <Alert severity="success" role="status">
      {t(notice.text)}
    </Alert>
  ) : (
    <Alert severity="error">{profileErrorText(t, notice.error)}</Alert>
  );
}
