import { settingSchema, type Setting } from '@bazaar/schemas';
import { z } from 'zod';

/** How long a page trusts the setting it read for a mount location before asking again. */
export const SETTING_CACHE_MS = 60 * 60 * 1000;

const entrySchema = z.object({ savedAt: z.number(), setting: settingSchema });

const cacheKey = (mountLocation: string, livemode: boolean) =>
  `bazaar-donate-setting:${mountLocation}:${livemode ? 'live' : 'test'}`;

/**
 * The setting of a mount location in a mode, as this browser last read it, while it is under an
 * hour old; anything unreadable counts as missing, so a bad entry only costs one request.
 */
export function readCachedSetting(
  storage: Storage | null,
  key: { mountLocation: string; livemode: boolean },
  now: number,
): Setting | null {
  try {
    const raw = storage?.getItem(cacheKey(key.mountLocation, key.livemode));
    if (!raw) return null;
    const entry = entrySchema.safeParse(JSON.parse(raw));
    if (!entry.success || now - entry.data.savedAt >= SETTING_CACHE_MS || entry.data.savedAt > now)
      return null;
    return entry.data.setting;
  } catch {
    return null;
  }
}

export function writeCachedSetting(storage: Storage | null, setting: Setting, now: number): void {
  try {
    storage?.setItem(
      cacheKey(setting.mount_location, setting.livemode),
      JSON.stringify({ savedAt: now, setting }),
    );
  } catch {
    // A full or refused storage only means the next page asks the server again.
  }
}
