import { ok, type Handler } from './context.ts';
import { withExpansions } from './expand.ts';
import { newCustomer } from './objects.ts';
import { applyMetadata, assertKnownParams, readExpand, readString } from './params.ts';
import { findOrFail } from './store.ts';

/** POST /v1/customers */
export const createCustomer: Handler = (context) => {
  const { params, store } = context;
  assertKnownParams(params, ['email', 'name', 'description', 'phone', 'metadata', 'expand']);
  const customer = newCustomer({
    email: readString(params, 'email') || null,
    name: readString(params, 'name') || null,
    description: readString(params, 'description') || null,
    phone: readString(params, 'phone') || null,
    metadata: applyMetadata({}, params),
  });
  store.customers.set(customer.id, customer);
  context.emit('customer.created', customer);
  return ok(withExpansions(store, customer, readExpand(params)));
};

/** GET /v1/customers/:id */
export const retrieveCustomer: Handler = ({ store, params, id }) => {
  assertKnownParams(params, ['expand']);
  return ok(withExpansions(store, findOrFail(store.customers, 'customer', id), readExpand(params)));
};
