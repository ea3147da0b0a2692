import { useLocale } from '@bazaar/platform-shell';
import type { StoreCategory } from '@bazaar/schemas';
import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useCategories } from '../../../api/use-categories.ts';
import { PageHeading } from '../../../components/page-heading.tsx';
import { LoadFailed, Loading } from '../../../components/query-state.tsx';
import { CategoryDialog } from './category-dialog.tsx';
import { CategoryTable } from './category-table.tsx';
import { DeleteCategoryDialog } from './delete-category-dialog.tsx';

type CategoryDialogState =
  { kind: 'edit'; category: StoreCategory | null } | { kind: 'delete'; category: StoreCategory };

/** `/console/categories`: the categories visitors browse by, added, renamed and removed here. */
export function CategoriesPage() {
  const { t } = useLocale();
  const categories = useCategories();
  const [dialog, setDialog] = useState<CategoryDialogState | null>(null);
  const close = () => setDialog(null);
  return (
    <Stack spacing={3}>
      <PageHeading
        title={t('store.console.categories.title')}
        subtitle={t('store.console.categories.subtitle')}
        action={
          <Button variant="contained" onClick={() => setDialog({ kind: 'edit', category: null })}>
            {t('store.console.categories.add.action')}
          </Button>
        }
      />
      {!categories.data ? (
        categories.error ? (
          <LoadFailed error={categories.error} onRetry={() => void categories.refetch()} />
        ) : (
          <Loading />
        )
      ) : categories.data.count === 0 ? (
        <Typography color="text.secondary">{t('store.console.categories.empty')}</Typography>
      ) : (
        <CategoryTable
          categories={categories.data.list}
          onEdit={(category) => setDialog({ kind: 'edit', category })}
          onDelete={(category) => setDialog({ kind: 'delete', category })}
        />
      )}
      {dialog?.kind === 'edit' ? <CategoryDialog category={dialog.category} onClose={close} /> : null}
      {dialog?.kind === 'delete' ? <DeleteCategoryDialog category={dialog.category} onClose={close} /> : null}
    </Stack>
  );
}
