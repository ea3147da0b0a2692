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
import { AppError } from '@bazaar/server-kit';
import { fromFlag, toFlag, type StoreDb } from '../../db/tables.ts';
import type { StoreDeps } from '../../deps.ts';
import { validationFailed } from '../../http/validation-failed.ts';
import { stakeLinkFor } from '../stakes/service.ts';
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
    storeSharePercent: row.store_share_percent,
  });
}

/** The Store's settings: the defaults until an admin first changes them. */
export async function getStoreSettings(db: StoreDb): Promise<StoreSettings> {
  const row = await findSettingsRow(db);
  return row ? toSettings(row) : STORE_DEFAULT_SETTINGS;
}

/**
 * The Payment Kit can take this stake: its currency is one the kit has in this mode and the
 * amount fits the currency's decimals. The kit's payment link for it is made now, so the first
 * developer to join does not find out instead. (A Store running without the kit is only ever
 * told at /join.)
 */
async function assertStakeTakeable(deps: StoreDeps, settings: StoreSettings): Promise<void> {
  if (!deps.payments) return;
  try {
    await stakeLinkFor(deps, settings);
  } catch (error) {
    if (error instanceof AppError && error.code === 'VALIDATION_FAILED') {
      throw validationFailed('stakeAmount', error.message);
    }
    throw error;
  }
}

/**
 * Changes the fields given and keeps the others. Staking mode needs a stake above zero that the
 * Payment Kit can take, checked on the settings as they will be (the body may change the mode,
 * the amount, the currency or all three).
 */
export async function updateStoreSettings(
  deps: StoreDeps,
  input: { changes: UpdateStoreSettingsBody; actorDid: string },
): Promise<StoreSettings> {
  const next: StoreSettings = { ...(await getStoreSettings(deps.db)), ...input.changes };
  if (next.permissionMode === 'staking') {
    if (!isPositiveDecimal(next.stakeAmount)) {
      throw validationFailed('stakeAmount', 'Staking needs a stake amount above 0');
    }
    await assertStakeTakeable(deps, next);
  }
  await saveSettingsRow(deps.db, {
    id: SETTINGS_ROW_ID,
    permission_mode: next.permissionMode,
    stake_amount: next.stakeAmount,
    stake_currency: next.stakeCurrency,
    default_review_type: next.defaultReviewType,
    max_bundle_size_mb: next.maxBundleSizeMb,
    auto_publish_default: toFlag(next.autoPublishDefault),
    store_share_percent: next.storeSharePercent,
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
