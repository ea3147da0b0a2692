import { useLocale } from '@bazaar/platform-shell';
import type { StoreCategory } from '@bazaar/schemas';
import { Alert, Button, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { apiErrorText } from '../../../components/api-error-text.ts';
import { ResponsiveDialog } from '../../../components/responsive-dialog.tsx';
import {
  CATEGORY_FIELD_LABELS,
  CATEGORY_FIELDS,
  checkCategoryNames,
  serverCategoryErrors,
  type CategoryErrors,
  type CategoryNames,
} from './category-form.ts';
import { useSaveCategory } from './use-category-changes.ts';

interface CategoryDialogProps {
  /** The category to rename; none to add one. */
  category: StoreCategory | null;
  onClose(): void;
}

/** Adds or renames a category: its English and Chinese names, each unique. */
export function CategoryDialog({ category, onClose }: CategoryDialogProps) {
  const { t } = useLocale();
  const [names, setNames] = useState<CategoryNames>(category?.name ?? { en: '', zh: '' });
  const [errors, setErrors] = useState<CategoryErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const save = useSaveCategory();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const checked = checkCategoryNames(t, names);
    setErrors(checked.errors ?? {});
    if (!checked.names) return;
    try {
      await save.mutateAsync({ id: category?.id ?? null, body: { name: checked.names } });
      onClose();
    } catch (error) {
      const atFields = serverCategoryErrors(t, error, checked.names);
      if (atFields) setErrors(atFields);
      else setFailure(error);
    }
  }

  return (
    <ResponsiveDialog
      title={t(category ? 'store.console.categories.edit.title' : 'store.console.categories.add.title')}
      isLocked={save.isPending}
      onClose={onClose}
      onSubmit={onSubmit}
      actions={
        <>
          <Button onClick={onClose} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('store.console.categories.save')}
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {CATEGORY_FIELDS.map((field, index) => (
          <TextField
            key={field}
            label={t(CATEGORY_FIELD_LABELS[field])}
            value={names[field]}
            onChange={(event) => setNames((current) => ({ ...current, [field]: event.target.value }))}
            error={Boolean(errors[field])}
            helperText={errors[field]}
            required
            fullWidth
            autoFocus={index === 0}
          />
        ))}
        {failure ? <Alert severity="error">{apiErrorText(t, failure)}</Alert> : null}
      </Stack>
    </ResponsiveDialog>
  );
}
