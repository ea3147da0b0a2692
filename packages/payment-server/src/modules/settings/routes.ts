import {
  createSettingBodySchema,
  ID_PREFIXES,
  idSchema,
  setSettingActiveBodySchema,
  settingSchema,
  updateSettingBodySchema,
} from '@bazaar/schemas';
import type { ZodApp } from '@bazaar/server-kit';
import { z } from 'zod';
import type { PaymentDeps } from '../../deps.ts';
import { updateDonationSetting } from '../../flows/update-donation-setting.ts';
import { adminOnly } from '../../http/admin-only.ts';
import { validationFailed } from '../../http/validation-failed.ts';
import { livemodeQuery } from '../../http/livemode-query.ts';
import { createOrReturnSetting, getSetting, listSettings, setSettingActive } from './service.ts';

const isSettingId = (key: string) => key.startsWith(`${ID_PREFIXES.setting}_`);

/**
 * Donation settings. Any page embedding the donation widget creates (or reads back) its mount
 * location's setting; only owners and admins list them (the integrations page) and change one,
 * by mount location (its settings) or by id (turning it on or off), as the original kit's two
 * `PUT /settings/…` calls did.
 */
export function registerSettingRoutes(app: ZodApp, deps: PaymentDeps) {
  app.post(
    '/settings',
    { schema: { body: createSettingBodySchema, response: { 200: settingSchema } } },
    async (request) => createOrReturnSetting(deps, request.body),
  );
  app.put(
    '/settings/:key',
    {
      ...adminOnly,
      schema: {
        params: z.object({ key: z.string().min(1).max(200) }),
        body: z.union([updateSettingBodySchema, setSettingActiveBodySchema]),
        response: { 200: settingSchema },
      },
    },
    async (request) => {
      const { key } = request.params;
      const { body } = request;
      if (isSettingId(key)) {
        if ('settings' in body) throw validationFailed('settings', 'Change settings by mount location');
        return setSettingActive(deps, { id: key, active: body.active });
      }
      if (!('settings' in body)) throw validationFailed('settings', 'Required');
      // Through the flow: the setting's donation links follow its new settings in the same transaction.
      return updateDonationSetting(deps, { mountLocation: key, ...body });
    },
  );
  app.get(
    '/settings/:id',
    {
      ...adminOnly,
      schema: { params: z.object({ id: idSchema('setting') }), response: { 200: settingSchema } },
    },
    async (request) => getSetting(deps.db, request.params.id),
  );
  app.get(
    '/donation-settings',
    {
      ...adminOnly,
      schema: {
        querystring: z.object({ livemode: livemodeQuery }),
        response: { 200: z.object({ list: z.array(settingSchema) }) },
      },
    },
    async (request) => ({ list: await listSettings(deps.db, request.query.livemode) }),
  );
}
