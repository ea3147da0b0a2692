import { settingsResponseSchema } from '@bazaar/schemas';
import type { ZodApp } from '@bazaar/server-kit';
import { z } from 'zod';
import type { PaymentDeps } from '../../deps.ts';
import { livemodeQuery } from '../../http/livemode-query.ts';
import { getSettings } from './service.ts';

export function registerPaymentMethodRoutes(app: ZodApp, deps: PaymentDeps) {
  app.get(
    '/settings',
    {
      schema: {
        querystring: z.object({ livemode: livemodeQuery }),
        response: { 200: settingsResponseSchema },
      },
    },
    async (request) => getSettings(deps.db, request.query.livemode),
  );
}
