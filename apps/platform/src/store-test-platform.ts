import { createPaymentKit } from '@bazaar/payment-server';
import type { Dialect } from '@bazaar/server-kit';
import { createFilesystemBundleStorage, createStore, type StoreDeps } from '@bazaar/store';
import { createStoreDeps } from '@bazaar/store/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestPlatform, type TestPlatform } from './testing.ts';

export interface StoreTestPlatform {
  platform: TestPlatform;
  /** The Store's own deps, for the flows and jobs a test runs on the platform's manual clock. */
  storeDeps: StoreDeps;
  close(): Promise<void>;
}

/**
 * The platform with the real Payment Kit and the Store wired to it (its bundles in a fresh
 * folder), listening, as the Store's money tests need it: stakes, purchases, tips.
 */
export async function openStoreTestPlatform(
  dialect: Dialect,
  options: { demoApps?: boolean } = {},
): Promise<StoreTestPlatform> {
  const bundlesDir = await mkdtemp(join(tmpdir(), 'bazaar-store-platform-'));
  const storage = createFilesystemBundleStorage({ root: bundlesDir });
  let storeDeps: StoreDeps | undefined;
  const platform = await createTestPlatform(dialect, {
    listen: true,
    components: (deps) => {
      const paymentKit = createPaymentKit(deps);
      storeDeps = createStoreDeps(deps, { storage, payments: paymentKit });
      return [paymentKit, createStore(deps, { storage, payments: paymentKit, demoApps: options.demoApps })];
    },
  }).catch(async (error: unknown) => {
    await rm(bundlesDir, { recursive: true, force: true });
    throw error;
  });
  return {
    platform,
    storeDeps: storeDeps!,
    async close() {
      await platform.close();
      await rm(bundlesDir, { recursive: true, force: true });
    },
  };
}
