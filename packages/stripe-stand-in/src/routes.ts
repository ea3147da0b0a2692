import { retrieveCharge } from './charges.ts';
import type { Handler } from './context.ts';
import { createCustomer, retrieveCustomer } from './customers.ts';
import { retrieveEvent } from './events.ts';
import {
  authenticatePaymentIntent,
  cancelPaymentIntent,
  confirmPaymentIntent,
  createPaymentIntent,
  retrievePaymentIntent,
  updatePaymentIntent,
} from './payment-intents.ts';
import { createPaymentMethod, retrievePaymentMethod } from './payment-methods.ts';
import { createRefund, listRefunds, retrieveRefund } from './refunds.ts';
import {
  authenticateSetupIntent,
  cancelSetupIntent,
  confirmSetupIntent,
  createSetupIntent,
  retrieveSetupIntent,
} from './setup-intents.ts';

/**
 * Which keys may call an endpoint: a secret one only, or a publishable one too (the payer's
 * browser, which then needs the intent's client secret, or sends card data).
 */
export type KeysAllowed = 'secret' | 'secret_or_publishable';

export interface Route {
  method: 'GET' | 'POST';
  /** "/v1/payment_intents/:id", as requestCounts() names it. */
  template: string;
  keys: KeysAllowed;
  handler: Handler;
}

const ROUTES: Route[] = [
  { method: 'POST', template: '/v1/customers', keys: 'secret', handler: createCustomer },
  { method: 'GET', template: '/v1/customers/:id', keys: 'secret', handler: retrieveCustomer },
  { method: 'POST', template: '/v1/payment_intents', keys: 'secret', handler: createPaymentIntent },
  {
    method: 'GET',
    template: '/v1/payment_intents/:id',
    keys: 'secret_or_publishable',
    handler: retrievePaymentIntent,
  },
  { method: 'POST', template: '/v1/payment_intents/:id', keys: 'secret', handler: updatePaymentIntent },
  {
    method: 'POST',
    template: '/v1/payment_intents/:id/confirm',
    keys: 'secret_or_publishable',
    handler: confirmPaymentIntent,
  },
  {
    method: 'POST',
    template: '/v1/payment_intents/:id/cancel',
    keys: 'secret',
    handler: cancelPaymentIntent,
  },
  {
    method: 'POST',
    template: '/v1/payment_intents/:id/test_authenticate',
    keys: 'secret_or_publishable',
    handler: authenticatePaymentIntent,
  },
  { method: 'POST', template: '/v1/setup_intents', keys: 'secret', handler: createSetupIntent },
  {
    method: 'GET',
    template: '/v1/setup_intents/:id',
    keys: 'secret_or_publishable',
    handler: retrieveSetupIntent,
  },
  {
    method: 'POST',
    template: '/v1/setup_intents/:id/confirm',
    keys: 'secret_or_publishable',
    handler: confirmSetupIntent,
  },
  { method: 'POST', template: '/v1/setup_intents/:id/cancel', keys: 'secret', handler: cancelSetupIntent },
  {
    method: 'POST',
    template: '/v1/setup_intents/:id/test_authenticate',
    keys: 'secret_or_publishable',
    handler: authenticateSetupIntent,
  },
  {
    method: 'POST',
    template: '/v1/payment_methods',
    keys: 'secret_or_publishable',
    handler: createPaymentMethod,
  },
  { method: 'GET', template: '/v1/payment_methods/:id', keys: 'secret', handler: retrievePaymentMethod },
  { method: 'GET', template: '/v1/charges/:id', keys: 'secret', handler: retrieveCharge },
  { method: 'POST', template: '/v1/refunds', keys: 'secret', handler: createRefund },
  { method: 'GET', template: '/v1/refunds', keys: 'secret', handler: listRefunds },
  { method: 'GET', template: '/v1/refunds/:id', keys: 'secret', handler: retrieveRefund },
  { method: 'GET', template: '/v1/events/:id', keys: 'secret', handler: retrieveEvent },
];

function matchTemplate(template: string, path: string): string | null {
  const templateParts = template.split('/');
  const pathParts = path.split('/');
  if (templateParts.length !== pathParts.length) return null;
  let id = '';
  for (let i = 0; i < templateParts.length; i += 1) {
    if (templateParts[i] === ':id') {
      if (!pathParts[i]) return null;
      id = decodeURIComponent(pathParts[i]!);
    } else if (templateParts[i] !== pathParts[i]) {
      return null;
    }
  }
  return id;
}

/** The endpoint a request is for, with the `:id` its path names. */
export function findRoute(method: string, path: string): { route: Route; id: string } | null {
  for (const route of ROUTES) {
    if (route.method !== method) continue;
    const id = matchTemplate(route.template, path);
    if (id !== null) return { route, id };
  }
  return null;
}
