import { sessionUserSchema } from '@bazaar/schemas';
import {
  answerFrameworkError,
  idempotencyMigrations,
  installErrorHandling,
  installIdempotency,
  migrate,
  type Dialect,
} from '@bazaar/server-kit';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { registerPaymentRoutes } from '../index.ts';
import { makeUser, openPaymentTestKit, type PaymentTestKit } from './payment-test-kit.ts';

/** Test-only: the signed-in user as JSON. The real platform resolves users from its session cookie. */
export const TEST_USER_HEADER = 'x-test-user';

export const API = '/payment-kit/api';

export interface PaymentTestApp extends PaymentTestKit {
  app: FastifyInstance;
  /** Every route the kit registered, as fastify was handed it (its url under `API`, its hooks). */
  routes: readonly RouteOptions[];
  /** Headers that sign a user in (the default payer unless told otherwise). */
  signedIn(overrides?: Parameters<typeof makeUser>[0]): Record<string, string>;
}

/**
 * The Payment Kit API as the platform hosts it (error envelope, Idempotency-Key, `request.user`),
 * on a fresh seeded database. A package does not import the platform app, so the user comes
 * from a header here instead of the platform's sign-in.
 */
export async function openPaymentTestApp(
  dialect: Dialect,
  options: Parameters<typeof openPaymentTestKit>[1] = {},
): Promise<PaymentTestApp> {
  const kit = await openPaymentTestKit(dialect, options);
  await migrate(kit.database, 'kit', idempotencyMigrations);
  const app = Fastify({ frameworkErrors: answerFrameworkError });
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers[TEST_USER_HEADER];
    request.user = typeof header === 'string' ? sessionUserSchema.parse(JSON.parse(header)) : null;
  });
  installErrorHandling(app);
  installIdempotency(app, { db: kit.database.db, clock: kit.clock });
  const routes: RouteOptions[] = [];
  await app.register(
    async (instance) => {
      instance.addHook('onRoute', (route) => void routes.push(route));
      await registerPaymentRoutes(instance, kit.deps);
    },
    { prefix: API },
  );
  await app.ready();
  return {
    ...kit,
    app,
    routes,
    signedIn: (overrides) => ({ [TEST_USER_HEADER]: JSON.stringify(makeUser(overrides)) }),
    async close() {
      await app.close();
      await kit.close();
    },
  };
}
