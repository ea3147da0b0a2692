import { ok, type Handler } from './context.ts';
import { withExpansions } from './expand.ts';
import { assertKnownParams, readExpand } from './params.ts';
import { findOrFail } from './store.ts';

/** GET /v1/charges/:id */
export const retrieveCharge: Handler = ({ store, params, id }) => {
  assertKnownParams(params, ['expand']);
  return ok(withExpansions(store, findOrFail(store.charges, 'charge', id), readExpand(params)));
};
