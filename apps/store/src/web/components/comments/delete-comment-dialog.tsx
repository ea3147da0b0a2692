import { useLocale } from '@bazaar/platform-shell';
import type { StoreComment } from '@bazaar/schemas';
import { apiErrorText } from '../api-error-text.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { COMMENT_ERROR_TEXTS } from './comment-error-texts.ts';
import { useDeleteComment } from './use-app-comments.ts';

interface DeleteCommentDialogProps {
  appDid: string;
  comment: StoreComment;
  onClose(): void;
}

/** "Delete this comment?": its text is erased for good, its replies stay. */
export function DeleteCommentDialog({ appDid, comment, onClose }: DeleteCommentDialogProps) {
  const { t } = useLocale();
  const remove = useDeleteComment(appDid);
  return (
    <ConfirmDialog
      title={t('store.comments.deleteTitle')}
      description={t('store.comments.deleteDescription')}
      confirmLabel={t('store.comments.delete')}
      isDestructive
      isBusy={remove.isPending}
      errorText={remove.error ? apiErrorText(t, remove.error, COMMENT_ERROR_TEXTS) : null}
      onConfirm={() => remove.mutate(comment, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}
