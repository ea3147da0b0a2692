import {
  BYTES_PER_MB,
  COMPONENT_IDS,
  isPositiveDecimal,
  STORE_DEFAULT_SETTINGS,
  storeSettingsSchema,
  type StoreInfo,
  type StoreSettings,
  type UpdateStoreSettingsBody,
} from '@bazaar/schemas';
import { fromFlag, toFlag, type StoreDb } from '../../db/tables.ts';
import type { StoreDeps } from '../../deps.ts';
import { validationFailed } from '../../http/validation-failed.ts';
import { findSettingsRow, saveSettingsRow, SETTINGS_ROW_ID, type SettingsRow } from './repository.ts';

/** Through the schema, so a row a bad write left behind fails loudly here rather than later. */
function toSettings(row: SettingsRow): StoreSettings {
  return storeSettingsSchema.parse({
    permissionMode: row.permission_mode,
    stakeAmount: row.stake_amount,
    stakeCurrency: row.stake_currency,
    defaultReviewType: row.default_review_type,
    maxBundleSizeMb: row.max_bundle_size_mb,
    autoPublishDefault: fromFlag(row.auto_publish_default),
  });
}

/** The Store's settings: the defaults until an admin first changes them. */
export async function getStoreSettings(db: StoreDb): Promise<StoreSettings> {
  const row = await findSettingsRow(db);
  return row ? toSettings(row) : STORE_DEFAULT_SETTINGS;
}

/**
 * Changes the fields given and keeps the others. Staking mode needs a stake above zero, checked
 * on the settings as they will be (the body may change the mode, the amount or both).
 */
export async function updateStoreSettings(
  deps: Pick<StoreDeps, 'db' | 'clock'>,
  input: { changes: UpdateStoreSettingsBody; actorDid: string },
): Promise<StoreSettings> {
  const next: StoreSettings = { ...(await getStoreSettings(deps.db)), ...input.changes };
  if (next.permissionMode === 'staking' && !isPositiveDecimal(next.stakeAmount)) {
    throw validationFailed('stakeAmount', 'Staking needs a stake amount above 0');
  }
  await saveSettingsRow(deps.db, {
    id: SETTINGS_ROW_ID,
    permission_mode: next.permissionMode,
    stake_amount: next.stakeAmount,
    stake_currency: next.stakeCurrency,
    default_review_type: next.defaultReviewType,
    max_bundle_size_mb: next.maxBundleSizeMb,
    auto_publish_default: toFlag(next.autoPublishDefault),
    updated_by: input.actorDid,
    updated_at: deps.clock.now(),
  });
  return next;
}

/** What `store.json` tells the CLI: who the Store is and what it takes. */
export async function getStoreInfo(deps: Pick<StoreDeps, 'db' | 'appName' | 'version'>): Promise<StoreInfo> {
  const settings = await getStoreSettings(deps.db);
  return {
    did: COMPONENT_IDS.store,
    name: deps.appName,
    version: deps.version,
    permissionMode: settings.permissionMode,
    maxBundleSize: settings.maxBundleSizeMb * BYTES_PER_MB,
    stakeAmount: settings.stakeAmount,
    stakeCurrency: settings.stakeCurrency,
  };
}
