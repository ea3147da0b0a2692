import { storeInfoSchema, storeSettingsSchema, updateStoreSettingsBodySchema } from '@bazaar/schemas';
import type { ZodApp } from '@bazaar/server-kit';
import type { StoreDeps } from '../../deps.ts';
import { requireStoreAdmin, storeAdminOnly } from '../../http/guards.ts';
import { getStoreInfo, getStoreSettings, updateStoreSettings } from './service.ts';

const tags = ['settings'];

/** `store.json` for anyone (the CLI reads it first); the settings for Store admins. */
export function registerSettingRoutes(app: ZodApp, deps: StoreDeps) {
  app.get('/store.json', { schema: { tags, response: { 200: storeInfoSchema } } }, async () =>
    getStoreInfo(deps),
  );
  app.get(
    '/console/settings',
    { ...storeAdminOnly, schema: { tags, response: { 200: storeSettingsSchema } } },
    async () => getStoreSettings(deps.db),
  );
  app.put(
    '/console/settings',
    {
      ...storeAdminOnly,
      schema: { tags, body: updateStoreSettingsBodySchema, response: { 200: storeSettingsSchema } },
    },
    async (request) =>
      updateStoreSettings(deps, { changes: request.body, actorDid: requireStoreAdmin(request).did }),
  );
}
