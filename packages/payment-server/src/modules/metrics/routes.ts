import {
  checkMetricsRange,
  metricsOverviewQuerySchema,
  metricsOverviewSchema,
  metricsRangeQuerySchema,
  metricsTopProductsSchema,
} from '@bazaar/schemas';
import type { ZodApp } from '@bazaar/server-kit';
import type { PaymentDeps } from '../../deps.ts';
import { adminOnly } from '../../http/admin-only.ts';
import { livemodeQuery } from '../../http/livemode-query.ts';
import { getMetricsOverview } from './service.ts';
import { getTopProducts } from './top-products.ts';

/** Metrics: the figures behind the admin dashboard's charts, in one mode at a time. */
export function registerMetricsRoutes(app: ZodApp, deps: PaymentDeps) {
  app.get(
    '/metrics/overview',
    {
      ...adminOnly,
      schema: {
        querystring: metricsOverviewQuerySchema
          .extend({ livemode: livemodeQuery })
          .superRefine(checkMetricsRange),
        response: { 200: metricsOverviewSchema },
      },
    },
    async (request) => getMetricsOverview(deps, request.query),
  );
  app.get(
    '/metrics/top-products',
    {
      ...adminOnly,
      schema: {
        querystring: metricsRangeQuerySchema
          .extend({ livemode: livemodeQuery })
          .superRefine(checkMetricsRange),
        response: { 200: metricsTopProductsSchema },
      },
    },
    async (request) => getTopProducts(deps.db, request.query),
  );
}
