import {
  COMPONENT_IDS,
  donateSettingsSchema,
  newId,
  type createSettingBodySchema,
  type Setting,
  type updateSettingBodySchema,
} from '@bazaar/schemas';
import { notFound } from '@bazaar/server-kit';
import type { z } from 'zod';
import { fromFlag, readJson, toFlag } from '../../db/json.ts';
import type { PaymentDb } from '../../db/tables.ts';
import type { PaymentDeps } from '../../deps.ts';
import { validationFailed } from '../../http/validation-failed.ts';
import {
  findSettingRow,
  findSettingRowAt,
  insertSettingRowIfMissing,
  listSettingRows,
  updateSettingRow,
  type SettingRow,
} from './repository.ts';

export function toSetting(row: SettingRow): Setting {
  return {
    id: row.id,
    object: 'setting',
    type: 'donate',
    mount_location: row.mount_location,
    description: row.description,
    component_did: row.component_did,
    active: fromFlag(row.active),
    livemode: fromFlag(row.livemode),
    settings: readJson(donateSettingsSchema, row.settings),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const KNOWN_COMPONENTS: readonly string[] = Object.values(COMPONENT_IDS);

/**
 * `POST /settings`: the donation setting of a mount location in a mode, made from the caller's
 * defaults the first time and answered as it stands every time after (what an owner changed
 * since is kept). Any page that embeds the widget calls it, so only the platform's own
 * components may be named.
 */
export async function createOrReturnSetting(
  deps: Pick<PaymentDeps, 'db' | 'clock'>,
  input: z.output<typeof createSettingBodySchema>,
): Promise<Setting> {
  if (!KNOWN_COMPONENTS.includes(input.componentDid)) {
    throw validationFailed('componentDid', 'Not a component of this platform');
  }
  const where = { type: input.type, mountLocation: input.mountLocation, livemode: toFlag(input.livemode) };
  const existing = await findSettingRowAt(deps.db, where);
  if (existing) return toSetting(existing);
  const now = deps.clock.now();
  const row = await insertSettingRowIfMissing(deps.db, {
    id: newId('setting'),
    type: input.type,
    mount_location: input.mountLocation,
    description: input.description,
    component_did: input.componentDid,
    active: toFlag(input.active),
    livemode: where.livemode,
    settings: JSON.stringify(input.defaultSettings),
    created_at: now,
    updated_at: now,
  });
  return toSetting(row);
}

/**
 * The donation setting of a mount location in a mode; `lock` keeps it locked until the caller's
 * transaction ends, so an owner's edit waits for (or is seen by) whatever reads it under the lock.
 */
export async function getSettingAt(
  db: PaymentDb,
  input: { mountLocation: string; livemode: boolean; lock?: boolean },
): Promise<Setting> {
  const row = await findSettingRowAt(db, {
    type: 'donate',
    mountLocation: input.mountLocation,
    livemode: toFlag(input.livemode),
    lock: input.lock,
  });
  if (!row) throw notFound('setting', input.mountLocation);
  return toSetting(row);
}

/**
 * `PUT /settings/{mountLocation}` (owner or admin): that mount location's new settings in a mode.
 * The route reaches it through the flow that brings the setting's donation links along.
 */
export async function updateSettingAt(
  deps: Pick<PaymentDeps, 'db' | 'clock'>,
  input: { mountLocation: string } & z.output<typeof updateSettingBodySchema>,
): Promise<Setting> {
  const setting = await getSettingAt(deps.db, input);
  const updated = await updateSettingRow(deps.db, setting.id, {
    settings: JSON.stringify(input.settings),
    ...(input.active !== undefined && { active: toFlag(input.active) }),
    updated_at: deps.clock.now(),
  });
  return updated ? toSetting(updated) : setting;
}

/** `PUT /settings/{id}` (owner or admin): turns a setting on or off. */
export async function setSettingActive(
  deps: Pick<PaymentDeps, 'db' | 'clock'>,
  input: { id: string; active: boolean },
): Promise<Setting> {
  const updated = await updateSettingRow(deps.db, input.id, {
    active: toFlag(input.active),
    updated_at: deps.clock.now(),
  });
  if (!updated) throw notFound('setting', input.id);
  return toSetting(updated);
}

export async function getSetting(db: PaymentDb, id: string): Promise<Setting> {
  const row = await findSettingRow(db, id);
  if (!row) throw notFound('setting', id);
  return toSetting(row);
}

/** Every donation setting of a mode, oldest first (the integrations page's list). */
export async function listSettings(db: PaymentDb, livemode: boolean): Promise<Setting[]> {
  return (await listSettingRows(db, { type: 'donate', livemode: toFlag(livemode) })).map(toSetting);
}
