import { useLocale } from '@bazaar/platform-shell';
import { apiErrorText } from '../../../components/api-error-text.ts';
import { APP_ERROR_TEXTS } from '../../../components/apps/app-error-texts.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useDeveloperVersionAction } from './use-developer-app-changes.ts';

interface CancelReviewDialogProps {
  did: string;
  version: string;
  onClose(): void;
}

/** Cancelling a review is final (the version can no longer be published), so it is confirmed first. */
export function CancelReviewDialog({ did, version, onClose }: CancelReviewDialogProps) {
  const { t } = useLocale();
  const cancel = useDeveloperVersionAction(did);
  return (
    <ConfirmDialog
      title={t('store.apps.cancelReview.title', { version })}
      description={t('store.apps.cancelReview.description')}
      confirmLabel={t('store.apps.action.cancelReview')}
      isDestructive
      isBusy={cancel.isPending}
      errorText={cancel.error ? apiErrorText(t, cancel.error, APP_ERROR_TEXTS) : null}
      onConfirm={() => cancel.mutate({ version, action: 'cancelReview' }, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}
