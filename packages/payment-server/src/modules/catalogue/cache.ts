import type { PaymentMethod, Price } from '@bazaar/schemas';
import { readRevision } from '@bazaar/server-kit';
import { CATALOGUE_REVISION } from '../../db/migrations/0013-catalogue-revision.ts';
import type { PaymentDb } from '../../db/tables.ts';
import { findPaymentLink, type PaymentLinkConfig } from '../payment-links/service.ts';
import { listPaymentMethods } from '../payment-methods/service.ts';
import { getPricesWithUpsellTargets, readSoldQuantities } from '../prices/service.ts';

/**
 * The catalogue as one request sees it: payment links, prices (with their products and the
 * prices they upsell to), and the active payment methods with their active currencies. What is
 * missing is read through the request's database or transaction. Answers are frozen: they are
 * shared with every request that reads the same revision.
 *
 * Sales do not move the revision (see migrations/0013-catalogue-revision.ts): a price with limited
 * stock has its `quantity_sold` read live (sold out or not is decided on it), an unlimited one
 * answers it as of when it was cached (no rule reads it).
 */
export interface Catalogue {
  paymentLink(id: string): Promise<PaymentLinkConfig | null>;
  /** The prices `ids` and the prices they upsell to; unknown ids are absent. */
  prices(ids: readonly string[]): Promise<Map<string, Price>>;
  paymentMethods(livemode: boolean): Promise<PaymentMethod[]>;
}

export interface CatalogueCache {
  /**
   * Reads the catalogue's revision (one statement) and answers the catalogue at it. Through a
   * transaction it only reads what is cached: what the transaction reads may be its own
   * uncommitted writes, which must not outlive a rollback in memory.
   */
  read(db: PaymentDb): Promise<Catalogue>;
}

/** Beyond this many entries of a kind the cache starts that kind over: ids are many, memory is not. */
const MAX_ENTRIES = 10_000;

/** What was read at one revision. */
interface Entries {
  revision: number;
  /** False for a transaction's view: it reads the entries but adds none. */
  isShared: boolean;
  links: Map<string, PaymentLinkConfig>;
  /** Per price id: the price, then the price it upsells to when there is one. */
  prices: Map<string, readonly Price[]>;
  methods: Map<boolean, PaymentMethod[]>;
}

const empty = (revision: number): Entries => ({
  revision,
  isShared: true,
  links: new Map(),
  prices: new Map(),
  methods: new Map(),
});

/**
 * Checkouts read the same few links, prices and methods over and over; this keeps them in memory
 * for as long as the catalogue's revision, which triggers move on every committed change (on any
 * node, by any writer), reads the same. Each request pays one small read for the revision
 * instead of up to seven catalogue reads.
 */
export function createCatalogueCache(): CatalogueCache {
  let current = empty(-1);
  return {
    async read(db) {
      const revision = await readRevision(db, CATALOGUE_REVISION);
      if (db.isTransaction) {
        return catalogueAt(
          db,
          revision === current.revision ? { ...current, isShared: false } : empty(revision),
        );
      }
      if (revision > current.revision) current = empty(revision);
      // A request that read the revision just before a change committed (and another request
      // saw it) gets entries of its own, so nothing read for it lands in the newer entries.
      return catalogueAt(db, revision === current.revision ? current : empty(revision));
    },
  };
}

function catalogueAt(db: PaymentDb, entries: Entries): Catalogue {
  return {
    async paymentLink(id) {
      const cached = entries.links.get(id);
      if (cached) return cached;
      const link = await findPaymentLink(db, id);
      if (link) remember(entries, entries.links, id, deepFreeze(link));
      return link;
    },

    async prices(ids) {
      const answer = new Map<string, Price>();
      const missing: string[] = [];
      for (const id of new Set(ids)) {
        const cached = entries.prices.get(id);
        if (cached) for (const price of cached) answer.set(price.id, price);
        else missing.push(id);
      }
      const limited = [...answer.values()].filter((price) => price.quantity_available > 0);
      if (limited.length > 0) {
        const sold = await readSoldQuantities(
          db,
          limited.map((price) => price.id),
        );
        for (const price of limited) {
          const quantity = sold.get(price.id) ?? price.quantity_sold;
          if (quantity !== price.quantity_sold)
            answer.set(price.id, Object.freeze({ ...price, quantity_sold: quantity }));
        }
      }
      if (missing.length === 0) return answer;
      const loaded = await getPricesWithUpsellTargets(db, missing);
      for (const price of loaded.values()) answer.set(price.id, deepFreeze(price));
      for (const id of missing) {
        const price = loaded.get(id);
        if (!price) continue;
        const target = price.upsell ? loaded.get(price.upsell.upsells_to_id) : undefined;
        remember(entries, entries.prices, id, target ? [price, target] : [price]);
      }
      return answer;
    },

    async paymentMethods(livemode) {
      const cached = entries.methods.get(livemode);
      if (cached) return cached;
      const methods = deepFreeze(await listPaymentMethods(db, livemode));
      remember(entries, entries.methods, livemode, methods);
      return methods;
    },
  };
}

function remember<K, V>(entries: Entries, map: Map<K, V>, key: K, value: V) {
  if (!entries.isShared) return;
  if (map.size >= MAX_ENTRIES) map.clear();
  map.set(key, value);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
