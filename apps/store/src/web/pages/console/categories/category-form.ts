import type { MessageKey, Translate } from '@bazaar/i18n';
import { CATEGORY_NAME_MAX_LENGTH, categoryBodySchema, type CategoryBody } from '@bazaar/schemas';
import { StoreApiError } from '../../../api/store-api.ts';
import { isMissing, issuesByField, type FormIssue } from '../../../components/form-issues.ts';

export type CategoryNames = CategoryBody['name'];
export type CategoryField = keyof CategoryNames;
export type CategoryErrors = Partial<Record<CategoryField, string>>;

export const CATEGORY_FIELDS: CategoryField[] = ['en', 'zh'];

export const CATEGORY_FIELD_LABELS: Record<CategoryField, MessageKey> = {
  en: 'store.console.categories.field.en',
  zh: 'store.console.categories.field.zh',
};

function issueText(t: Translate, field: CategoryField, issue: FormIssue): string {
  if (isMissing(issue)) return t('store.form.required', { name: t(CATEGORY_FIELD_LABELS[field]) });
  if (issue.code === 'too_big') return t('store.form.maxLength', { length: CATEGORY_NAME_MAX_LENGTH });
  return t('store.console.categories.invalidName');
}

/**
 * The names as they will be saved (trimmed, single spaces), or what is wrong with each, checked
 * with the server's own schema: required, letters, digits and spaces, at most 40 characters.
 */
export function checkCategoryNames(
  t: Translate,
  names: CategoryNames,
): { names: CategoryNames; errors: null } | { names: null; errors: CategoryErrors } {
  const parsed = categoryBodySchema.safeParse({ name: names });
  if (parsed.success) return { names: parsed.data.name, errors: null };
  const issues = issuesByField(parsed.error);
  const errors: CategoryErrors = {};
  for (const field of CATEGORY_FIELDS) {
    const issue = issues[`name.${field}`];
    if (issue) errors[field] = issueText(t, field, issue);
  }
  return { names: null, errors };
}

/**
 * The server's refusal at its field: CATEGORY_EXISTS ("{name} is existed") names the field whose
 * name another category holds (`name` alone when the database cannot tell: the English one).
 * Null when the refusal is about no field.
 */
export function serverCategoryErrors(
  t: Translate,
  error: unknown,
  names: CategoryNames,
): CategoryErrors | null {
  if (!(error instanceof StoreApiError)) return null;
  if (error.code !== 'CATEGORY_EXISTS' && error.code !== 'VALIDATION_FAILED') return null;
  const errors: CategoryErrors = {};
  for (const detail of error.details) {
    const field: CategoryField = detail.path === 'name.zh' ? 'zh' : 'en';
    if (errors[field]) continue;
    errors[field] =
      error.code === 'CATEGORY_EXISTS'
        ? t('store.form.existed', { name: names[field] })
        : t('store.console.categories.invalidName');
  }
  return Object.keys(errors).length > 0 ? errors : null;
}
