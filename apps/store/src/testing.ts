/**
 * `@bazaar/store/testing`: signed test bundles and their upload forms, for tests and benches; and
 * the Store's deps and stake returner, which the platform's tests run on their manual clock; the
 * demo apps' keys and the purchase flow, which they call as the kit's event would; the Store API on
 * a test database and a generated catalogue, for the search bench; how often downloads are rolled
 * up, for the download bench to wait for.
 */
export * from './server/test-utils/app-bundles.ts';
export { createStoreDeps } from './server/store.ts';
export { returnDueStakes } from './server/modules/stakes/service.ts';
export { ROLLUP_INTERVAL_MS } from './server/modules/downloads/service.ts';
export { demoAppKey } from './server/demo/demo-apps.ts';
export { recordAppPurchase } from './server/flows/buy-app.ts';
export { openStoreTestApp, TEST_NOW, USERS } from './server/test-utils/store-test-app.ts';
export { generateCatalogueApps, insertCatalogueApps } from './server/test-utils/catalogue-apps.ts';
