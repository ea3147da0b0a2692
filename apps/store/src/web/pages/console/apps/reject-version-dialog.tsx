import { useLocale } from '@bazaar/platform-shell';
import { APP_REJECT_REASON_MAX_LENGTH, reviewAppBodySchema } from '@bazaar/schemas';
import { apiErrorText } from '../../../components/api-error-text.ts';
import { APP_ERROR_TEXTS } from '../../../components/apps/app-error-texts.ts';
import { ReasonDialog } from './reason-dialog.tsx';
import { useReviewVersion } from './use-console-app-changes.ts';

interface RejectVersionDialogProps {
  did: string;
  version: string;
  onClose(): void;
}

/** Rejecting is final (the developer must upload a new version), so it needs a reason they are shown. */
export function RejectVersionDialog({ did, version, onClose }: RejectVersionDialogProps) {
  const { t } = useLocale();
  const review = useReviewVersion(did);
  return (
    <ReasonDialog
      title={t('store.apps.reject.title', { version })}
      description={t('store.apps.reject.description')}
      reasonLabel={t('store.apps.reason')}
      confirmLabel={t('store.apps.review.reject')}
      maxLength={APP_REJECT_REASON_MAX_LENGTH}
      parse={(reason) => reviewAppBodySchema.safeParse({ action: 'reject', version, reason })}
      isBusy={review.isPending}
      errorText={review.error ? apiErrorText(t, review.error, APP_ERROR_TEXTS) : null}
      onConfirm={(body) => review.mutate(body, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}
