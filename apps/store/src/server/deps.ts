import type { PaymentServices } from '@bazaar/schemas';
import type { Clock } from '@bazaar/server-kit';
import type { StoreDb } from './db/tables.ts';
import type { StoreRelay } from './relay.ts';
import type { BundleStorage } from './storage/index.ts';

/** What every Store service receives; tests pass a real database and a manual clock. */
export interface StoreDeps {
  db: StoreDb;
  clock: Clock;
  /** The platform's name, which `store.json` answers as the Store's. */
  appName: string;
  /** The Store's version (its package's), which `store.json` answers. */
  version: string;
  /** Where uploaded bundles are kept (the data folder, or S3-compatible storage). */
  storage: BundleStorage;
  /** The Payment Kit's services, which take stakes; null when the Store runs without the kit. */
  payments: PaymentServices | null;
  /** The platform's mode: the payment links the Store makes are live or test data. */
  livemode: boolean;
  /** Realtime events for pages (a comment posted or deleted), through the platform's relay. */
  relay: StoreRelay;
}
