import { useLocale } from '@bazaar/platform-shell';
import type { DeveloperStatus } from '@bazaar/schemas';
import { Chip } from '@mui/material';

export function DeveloperStatusChip({ status }: { status: DeveloperStatus }) {
  const { t } = useLocale();
  return (
    <Chip
      size="small"
      color={status === 'enabled' ? 'success' : 'default'}
      label={t(`store.console.developers.status.${status}`)}
    />
  );
}
