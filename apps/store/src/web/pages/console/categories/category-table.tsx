import { useLocale } from '@bazaar/platform-shell';
import type { StoreCategory } from '@bazaar/schemas';
import { Button } from '@mui/material';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';

interface CategoryTableProps {
  categories: StoreCategory[];
  onEdit(category: StoreCategory): void;
  onDelete(category: StoreCategory): void;
}

/** The categories with both names and the id their page address shows. */
export function CategoryTable({ categories, onEdit, onDelete }: CategoryTableProps) {
  const { t } = useLocale();
  const columns: Array<DataColumn<StoreCategory>> = [
    { id: 'en', label: t('store.console.categories.field.en'), render: (category) => category.name.en },
    { id: 'zh', label: t('store.console.categories.field.zh'), render: (category) => category.name.zh },
    { id: 'id', label: t('store.console.categories.column.id'), render: (category) => category.id },
  ];
  return (
    <DataTable
      label={t('store.console.categories.title')}
      columns={columns}
      rows={categories}
      rowKey={(category) => category.id}
      actionsLabel={t('store.table.actions')}
      actions={(category) => (
        <>
          <Button
            size="small"
            onClick={() => onEdit(category)}
            aria-label={t('store.console.categories.edit.labelFor', { name: category.name.en })}
          >
            {t('store.console.categories.edit.action')}
          </Button>
          <Button
            size="small"
            color="error"
            onClick={() => onDelete(category)}
            aria-label={t('store.console.categories.delete.labelFor', { name: category.name.en })}
          >
            {t('store.console.categories.delete.action')}
          </Button>
        </>
      )}
    />
  );
}
