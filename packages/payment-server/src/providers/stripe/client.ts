import Stripe from 'stripe';
import { z } from 'zod';
import { readJson } from '../../db/json.ts';
import type { PaymentMethodRow } from '../../modules/payment-methods/repository.ts';

/** Where the SDK sends its requests: Stripe's API unless a stand-in is named (tests). */
export interface StripeApiTarget {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

/** A `stripe` method with keys: its payments go through Stripe; one without goes through the test network. */
export interface StripeMethod {
  id: string;
  livemode: boolean;
  publishableKey: string;
  secretKey: string;
  /** The signing secret of the method's webhook endpoint at Stripe; null: no webhook is set up. */
  webhookSecret: string | null;
}

const storedStripeSettings = z.object({
  publishable_key: z.string().optional(),
  secret_key: z.string().optional(),
  webhook_secret: z.string().optional(),
});

/** The method as Stripe's, or null when it holds no keys (the built-in test network serves it). */
export function toStripeMethod(row: Pick<PaymentMethodRow, 'id' | 'type' | 'settings' | 'livemode'>) {
  if (row.type !== 'stripe') return null;
  const settings = readJson(storedStripeSettings, row.settings);
  if (!settings.publishable_key || !settings.secret_key) return null;
  const method: StripeMethod = {
    id: row.id,
    livemode: row.livemode === 1,
    publishableKey: settings.publishable_key,
    secretKey: settings.secret_key,
    webhookSecret: settings.webhook_secret ?? null,
  };
  return method;
}

/** One SDK client per secret key, made on first use. */
export interface StripeClients {
  of(method: StripeMethod): Stripe;
}

/**
 * The SDK retries a request that got no answer with the same idempotency key, so a retry never
 * charges twice; our own idempotency keys make the retries of a crashed node just as safe.
 */
export function createStripeClients(target?: StripeApiTarget): StripeClients {
  const clients = new Map<string, Stripe>();
  return {
    of(method) {
      let client = clients.get(method.secretKey);
      if (!client) {
        client = new Stripe(method.secretKey, {
          maxNetworkRetries: 2,
          timeout: 20_000,
          appInfo: { name: 'Bazaar Payment Kit' },
          ...target,
        });
        clients.set(method.secretKey, client);
      }
      return client;
    },
  };
}
