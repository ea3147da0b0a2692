import type { MessageKey, Translate } from '@bazaar/i18n';
import {
  isPositiveDecimal,
  STORE_MAX_BUNDLE_SIZE_MB_LIMIT,
  storeSettingsSchema,
  type StoreSettings,
  type UpdateStoreSettingsBody,
} from '@bazaar/schemas';
import { StoreApiError } from '../../../api/store-api.ts';
import { issuesByField } from '../../../components/form-issues.ts';

/** The whole-number settings, which the form holds as typed. */
type NumberField = 'maxBundleSizeMb' | 'storeSharePercent';

/** The settings as the form holds them: numbers as typed, checked only on save. */
export type SettingsDraft = Omit<StoreSettings, NumberField> & Record<NumberField, string>;
export type SettingsField = keyof StoreSettings;
export type SettingsErrors = Partial<Record<SettingsField, string>>;

export function toDraft(settings: StoreSettings): SettingsDraft {
  return {
    ...settings,
    maxBundleSizeMb: String(settings.maxBundleSizeMb),
    storeSharePercent: String(settings.storeSharePercent),
  };
}

const FIELD_TEXTS: Record<SettingsField, MessageKey> = {
  permissionMode: 'store.error.400',
  stakeAmount: 'store.console.settings.error.stakeAmount',
  stakeCurrency: 'store.console.settings.error.stakeCurrency',
  defaultReviewType: 'store.error.400',
  maxBundleSizeMb: 'store.console.settings.error.maxBundleSizeMb',
  autoPublishDefault: 'store.error.400',
  storeSharePercent: 'store.console.settings.error.storeSharePercent',
};

const isSettingsField = (path: string): path is SettingsField => path in FIELD_TEXTS;

function fieldText(t: Translate, field: SettingsField): string {
  return t(FIELD_TEXTS[field], { max: STORE_MAX_BUNDLE_SIZE_MB_LIMIT });
}

/**
 * The fields that differ from the saved settings, checked with the server's schema and its rule
 * that staking needs a stake above zero; or what is wrong, by field.
 */
export function checkSettingsDraft(
  t: Translate,
  draft: SettingsDraft,
  saved: StoreSettings,
): { changes: UpdateStoreSettingsBody; errors: null } | { changes: null; errors: SettingsErrors } {
  const asNumber = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed));
  const parsed = storeSettingsSchema.safeParse({
    ...draft,
    maxBundleSizeMb: asNumber(draft.maxBundleSizeMb),
    storeSharePercent: asNumber(draft.storeSharePercent),
  });
  const errors: SettingsErrors = {};
  if (!parsed.success) {
    for (const path of Object.keys(issuesByField(parsed.error))) {
      if (isSettingsField(path)) errors[path] = fieldText(t, path);
    }
  }
  if (draft.permissionMode === 'staking' && !isPositiveDecimal(draft.stakeAmount)) {
    errors.stakeAmount = fieldText(t, 'stakeAmount');
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { changes: null, errors };
  const next = parsed.data;
  const changes = Object.fromEntries(
    (Object.keys(next) as SettingsField[])
      .filter((field) => next[field] !== saved[field])
      .map((field) => [field, next[field]]),
  ) as UpdateStoreSettingsBody;
  return { changes, errors: null };
}

/** The server's refusal at its fields (VALIDATION_FAILED names them); null when it names none. */
export function serverSettingsErrors(t: Translate, error: unknown): SettingsErrors | null {
  if (!(error instanceof StoreApiError) || error.code !== 'VALIDATION_FAILED') return null;
  const errors: SettingsErrors = {};
  for (const detail of error.details) {
    if (isSettingsField(detail.path)) errors[detail.path] ??= fieldText(t, detail.path);
  }
  return Object.keys(errors).length > 0 ? errors : null;
}
