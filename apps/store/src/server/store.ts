import { COMPONENT_IDS, type PaymentKitContract } from '@bazaar/schemas';
import { migrate, useZod, type ComponentDeps, type PlatformComponent } from '@bazaar/server-kit';
import type { FastifyInstance } from 'fastify';
import storePackage from '../../package.json' with { type: 'json' };
import { storeMigrations } from './db/migrations/index.ts';
import type { StoreDb } from './db/tables.ts';
import { seedDemoApps } from './demo/seed.ts';
import type { StoreDeps } from './deps.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerAccessTokenRoutes } from './modules/access-tokens/routes.ts';
import { registerAppRoutes } from './modules/apps/routes.ts';
import { registerCategoryRoutes } from './modules/categories/routes.ts';
import { seedCategories } from './modules/categories/service.ts';
import { registerCliConnectRoutes } from './modules/cli-connect/routes.ts';
import { registerCommentRoutes } from './modules/comments/routes.ts';
import { registerDeveloperRoutes } from './modules/developers/routes.ts';
import { registerDownloadRoutes } from './modules/downloads/routes.ts';
import { createDownloadRollup, createDownloadSweeper } from './modules/downloads/service.ts';
import { registerInstanceRoutes } from './modules/instances/routes.ts';
import { registerLicenceRoutes } from './modules/licences/routes.ts';
import { registerPurchaseRoutes } from './modules/purchases/routes.ts';
import { registerSettingRoutes } from './modules/settings/routes.ts';
import { createStakeReturner } from './modules/stakes/service.ts';
import { storeEventSubscriber } from './flows/payment-events.ts';
import { createStoreRelay } from './relay.ts';
import type { BundleStorage } from './storage/index.ts';

export type { StoreDeps } from './deps.ts';

/** What the host gives the Store besides the deps every component gets. */
export interface StoreOptions {
  /** Where bundles are kept; the host opens it (`storageFromEnvironment`) and closes it after the platform. */
  storage: BundleStorage;
  /**
   * Whether test mode's seed also makes the demo catalogue (a demo developer and apps, uploaded
   * and reviewed through the real pipeline). `main.ts` turns it on; tests leave it off, so
   * each starts from an empty catalogue.
   */
  demoApps?: boolean;
  /**
   * The Payment Kit, through its contract: its services take developer stakes and its events say
   * when one was paid or returned. Without it the Store admits developers by invitation only.
   */
  payments?: PaymentKitContract;
}

/** The Store's services' deps from what the platform hands every component. */
export function createStoreDeps(componentDeps: ComponentDeps, options: StoreOptions): StoreDeps {
  return {
    // The Store owns its tables; the kit-level handle is untyped, so narrow it once here.
    db: componentDeps.database.db as StoreDb,
    clock: componentDeps.clock,
    appName: componentDeps.appName,
    version: storePackage.version,
    storage: options.storage,
    payments: options.payments?.services ?? null,
    livemode: componentDeps.livemode,
    relay: createStoreRelay(componentDeps),
  };
}

/** Registers the Store's API on a Fastify instance (mounted at `/api`), its OpenAPI document first. */
export async function registerStoreRoutes(instance: FastifyInstance, deps: StoreDeps) {
  await registerOpenApi(instance, { version: deps.version });
  // Set by the guards of the routes that need them; null on every other request.
  instance.decorateRequest('storeDeveloper', null);
  instance.decorateRequest('storeAccessToken', null);
  const app = useZod(instance);
  registerSettingRoutes(app, deps);
  registerDeveloperRoutes(app, deps);
  registerAccessTokenRoutes(app, deps);
  registerCategoryRoutes(app, deps);
  registerAppRoutes(app, deps);
  registerCliConnectRoutes(app, deps);
  registerDownloadRoutes(app, deps);
  registerCommentRoutes(app, deps);
  registerPurchaseRoutes(app, deps);
  registerLicenceRoutes(app, deps);
  registerInstanceRoutes(app, deps);
}

/**
 * The Store component: mounted at '/', its API under '/api'. The host resolves `request.user`
 * from the platform session and installs the error envelope before mounting `api`.
 */
export function createStore(componentDeps: ComponentDeps, options: StoreOptions): PlatformComponent {
  const deps = createStoreDeps(componentDeps, options);
  options.payments?.subscribe(storeEventSubscriber(deps));
  const stakeReturner = options.payments ? createStakeReturner(deps, componentDeps.logger) : null;
  const downloadJobs = [
    createDownloadRollup(deps, componentDeps.logger),
    createDownloadSweeper(deps, componentDeps.logger),
  ];
  return {
    did: COMPONENT_IDS.store,
    name: 'Store',
    mountPoint: '/',
    migrate: () => migrate(componentDeps.database, 'store', storeMigrations),
    seed: async () => {
      await seedCategories(deps);
      if (options.demoApps) await seedDemoApps({ ...deps, logger: componentDeps.logger });
    },
    start: () => {
      stakeReturner?.start();
      for (const job of downloadJobs) job.start();
    },
    stop: async () => {
      await Promise.all([stakeReturner?.stop(), ...downloadJobs.map((job) => job.stop())]);
    },
    api: async (instance) => registerStoreRoutes(instance, deps),
  };
}
