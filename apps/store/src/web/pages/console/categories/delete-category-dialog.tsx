import { useLocale } from '@bazaar/platform-shell';
import type { StoreCategory } from '@bazaar/schemas';
import { apiErrorText } from '../../../components/api-error-text.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useDeleteCategory } from './use-category-changes.ts';

/** "Delete the category …?" and, once confirmed, its removal. */
export function DeleteCategoryDialog({ category, onClose }: { category: StoreCategory; onClose(): void }) {
  const { t, locale } = useLocale();
  const remove = useDeleteCategory();
  return (
    <ConfirmDialog
      title={t('store.console.categories.delete.title', { name: category.name[locale] })}
      description={t('store.console.categories.delete.description')}
      confirmLabel={t('store.console.categories.delete.action')}
      isDestructive
      isBusy={remove.isPending}
      errorText={remove.error ? apiErrorText(t, remove.error) : null}
      onConfirm={() => remove.mutate(category.id, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}
