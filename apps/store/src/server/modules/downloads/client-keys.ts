import { createHash, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { StoreDb } from '../../db/tables.ts';
import { claimDownloadSalt } from './repository.ts';

/** Who downloads, as the request tells it; the address is hashed here and never kept. */
export interface DownloadClient {
  /** The signed-in user, or the developer whose access token the request carries; null for a guest. */
  did: string | null;
  /** The request's network address (`request.ip`). */
  address: string;
  userAgent: string;
}

/** The salt of each UTC day's guest keys, shared by every node through the database. */
export interface DailySalts {
  saltOf(day: string): Promise<string>;
}

/**
 * Keeps today's salt in memory, so the database is asked once a day per node. A salt is random
 * and stored (not derived from a secret), so every node hashes a guest alike, and once the sweep
 * deletes it nobody, the Store included, can tell which address a day's key stood for.
 */
export function createDailySalts(db: StoreDb): DailySalts {
  let cached: { day: string; salt: Promise<string> } | null = null;
  return {
    saltOf(day) {
      if (cached?.day !== day) {
        const salt = claimDownloadSalt(db, { day, candidate: randomBytes(32).toString('base64url') });
        cached = { day, salt };
        // A failed read is not kept: the next download asks again.
        salt.catch(() => {
          if (cached?.salt === salt) cached = null;
        });
      }
      return cached.salt;
    },
  };
}

/**
 * The key a download is counted under on `day`: the user's DID when signed in, else the sha256 of
 * the day's salt, the address and the user agent (two browsers behind one address are two clients;
 * one browser is one client all day).
 */
export async function clientKeyOf(salts: DailySalts, day: string, client: DownloadClient): Promise<string> {
  if (client.did !== null) return client.did;
  const salt = await salts.saltOf(day);
  return createHash('sha256').update(`${salt}\n${client.address}\n${client.userAgent}`).digest('hex');
}

/** About 10 MB of keys: a busy day's returning clients on one node. */
const KNOWN_COUNTED_MAX = 100_000;

/**
 * The downloads this node knows are counted already (it counted them, or the database said it had),
 * so a client downloading again the same day is not asked of the database again. Only a shortcut:
 * the database's key decides, and what this forgets (an eviction, a restart) it asks again.
 */
export function createKnownCounted(maxEntries = KNOWN_COUNTED_MAX) {
  const known = new LRUCache<string, true>({ max: maxEntries });
  const keyOf = (entry: { day: string; appDid: string; version: string; clientKey: string }) =>
    `${entry.day} ${entry.appDid} ${entry.version} ${entry.clientKey}`;
  return {
    has: (entry: Parameters<typeof keyOf>[0]) => known.has(keyOf(entry)),
    add: (entry: Parameters<typeof keyOf>[0]) => void known.set(keyOf(entry), true),
  };
}
export type KnownCounted = ReturnType<typeof createKnownCounted>;
