import { useLocale } from '@bazaar/platform-shell';
import type { StoreApp } from '@bazaar/schemas';
import { apiErrorText } from '../../../components/api-error-text.ts';
import { APP_ERROR_TEXTS } from '../../../components/apps/app-error-texts.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useUnblockApp } from './use-console-app-changes.ts';

/** Unblocking shows the app to users again and lets it take new versions, once confirmed. */
export function UnblockAppDialog({ app, onClose }: { app: StoreApp; onClose(): void }) {
  const { t } = useLocale();
  const unblock = useUnblockApp(app.did);
  return (
    <ConfirmDialog
      title={t('store.apps.unblock.title', { name: app.title })}
      description={t('store.apps.unblock.description')}
      confirmLabel={t('store.apps.unblock.action')}
      isBusy={unblock.isPending}
      errorText={unblock.error ? apiErrorText(t, unblock.error, APP_ERROR_TEXTS) : null}
      onConfirm={() => unblock.mutate(undefined, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}
