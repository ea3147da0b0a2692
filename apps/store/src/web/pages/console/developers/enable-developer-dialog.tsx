import { useLocale } from '@bazaar/platform-shell';
import type { StoreDeveloper } from '@bazaar/schemas';
import { apiErrorText } from '../../../components/api-error-text.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useSetDeveloperStatus } from './use-developers.ts';

/** Enables a revoked developer again, once confirmed. */
export function EnableDeveloperDialog({
  developer,
  onClose,
}: {
  developer: StoreDeveloper;
  onClose(): void;
}) {
  const { t } = useLocale();
  const setStatus = useSetDeveloperStatus();
  return (
    <ConfirmDialog
      title={t('store.console.developers.enable.title', { name: developer.username })}
      description={t('store.console.developers.enable.description')}
      confirmLabel={t('store.console.developers.enable.action')}
      isBusy={setStatus.isPending}
      errorText={setStatus.error ? apiErrorText(t, setStatus.error) : null}
      onConfirm={() =>
        setStatus.mutate({ did: developer.did, change: { status: 'enabled' } }, { onSuccess: onClose })
      }
      onClose={onClose}
    />
  );
}
