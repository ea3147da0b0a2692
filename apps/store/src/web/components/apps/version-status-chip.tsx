import { useLocale } from '@bazaar/platform-shell';
import type { AppVersionStatus } from '@bazaar/schemas';
import { Chip, type ChipProps } from '@mui/material';

/** Waiting on someone is a warning, done is success, final refusals are errors, the rest plain. */
const STATUS_COLORS: Record<AppVersionStatus, ChipProps['color']> = {
  draft: 'default',
  pending: 'warning',
  inReview: 'info',
  approved: 'primary',
  rejected: 'error',
  cancelled: 'default',
  published: 'success',
};

/** A version's review status, named in the page's language. */
export function VersionStatusChip({ status }: { status: AppVersionStatus }) {
  const { t } = useLocale();
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[status]}
      variant={status === 'cancelled' ? 'outlined' : 'filled'}
      label={t(`store.apps.status.${status}`)}
    />
  );
}
