import { useLocale } from '@bazaar/platform-shell';
import {
  reviewAppBodySchema,
  STORE_REVIEW_TYPES,
  type StoreApp,
  type StoreCategory,
  type StoreReviewType,
} from '@bazaar/schemas';
import {
  Alert,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  Link,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useCategories } from '../../../api/use-categories.ts';
import { apiErrorText, type ErrorCodeTexts } from '../../../components/api-error-text.ts';
import { APP_ERROR_TEXTS } from '../../../components/apps/app-error-texts.ts';
import { LoadFailed, Loading } from '../../../components/query-state.tsx';
import { ResponsiveDialog } from '../../../components/responsive-dialog.tsx';
import { useReviewVersion } from './use-console-app-changes.ts';

/** The server names the category when it no longer exists (deleted while the dialog was open). */
const APPROVE_ERROR_TEXTS: ErrorCodeTexts = {
  ...APP_ERROR_TEXTS,
  VALIDATION_FAILED: 'store.apps.approve.categoryGone',
};

interface CategorySelectProps {
  categories: StoreCategory[];
  value: string;
  error: string | null;
  onChange(id: string): void;
}

/** The category the approved app is listed in; none is chosen for the admin. */
function CategorySelect({ categories, value, error, onChange }: CategorySelectProps) {
  const { t, locale } = useLocale();
  if (categories.length === 0) {
    return (
      <Alert severity="warning">
        {t('store.apps.approve.noCategories')}{' '}
        <Link component={RouterLink} to="/console/categories">
          {t('store.apps.approve.addCategory')}
        </Link>
      </Alert>
    );
  }
  return (
    <TextField
      select
      label={t('store.apps.approve.category')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error !== null}
      helperText={error}
      required
      fullWidth
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{t('store.apps.approve.chooseCategory')}</option>
      {categories.map((category) => (
        <option key={category.id} value={category.id}>
          {category.name[locale]}
        </option>
      ))}
    </TextField>
  );
}

interface ApproveVersionDialogProps {
  app: StoreApp;
  version: string;
  onClose(): void;
}

/** Approving lists the app in a category and sets how it is reviewed from now on (first version or each). */
export function ApproveVersionDialog({ app, version, onClose }: ApproveVersionDialogProps) {
  const { t } = useLocale();
  const categories = useCategories();
  const review = useReviewVersion(app.did);
  const [category, setCategory] = useState(app.category ?? '');
  const [reviewType, setReviewType] = useState<StoreReviewType>(app.reviewType);
  const [categoryError, setCategoryError] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = reviewAppBodySchema.safeParse({ action: 'approve', version, category, reviewType });
    if (!parsed.success) {
      setCategoryError(t('store.form.required', { name: t('store.apps.approve.category') }));
      return;
    }
    setCategoryError(null);
    review.mutate(parsed.data, { onSuccess: onClose });
  }

  return (
    <ResponsiveDialog
      title={t('store.apps.approve.title', { version })}
      isLocked={review.isPending}
      onClose={onClose}
      onSubmit={onSubmit}
      actions={
        <>
          <Button onClick={onClose} disabled={review.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={review.isPending || !categories.data?.count}>
            {t('store.apps.review.approve')}
          </Button>
        </>
      }
    >
      <Stack spacing={3} sx={{ pt: 1 }}>
        <Typography>
          {t(app.autoPublish ? 'store.apps.approve.autoPublish' : 'store.apps.approve.description')}
        </Typography>
        {categories.data ? (
          <CategorySelect
            categories={categories.data.list}
            value={category}
            error={categoryError}
            onChange={setCategory}
          />
        ) : categories.error ? (
          <LoadFailed error={categories.error} onRetry={() => void categories.refetch()} />
        ) : (
          <Loading />
        )}
        <FormControl component="fieldset">
          <FormLabel component="legend">{t('store.apps.approve.reviewType')}</FormLabel>
          <RadioGroup
            value={reviewType}
            onChange={(event) => setReviewType(event.target.value as StoreReviewType)}
          >
            {STORE_REVIEW_TYPES.map((type) => (
              <FormControlLabel
                key={type}
                value={type}
                control={<Radio />}
                label={t(`store.apps.reviewType.${type}`)}
              />
            ))}
          </RadioGroup>
        </FormControl>
        {review.error ? (
          <Alert severity="error">{apiErrorText(t, review.error, APPROVE_ERROR_TEXTS)}</Alert>
        ) : null}
      </Stack>
    </ResponsiveDialog>
  );
}
