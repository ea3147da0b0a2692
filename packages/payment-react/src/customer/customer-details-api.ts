import { customerSchema, type UpdateCustomerBody } from '@bazaar/schemas';
import type { ApiClient } from '../api/api-client.ts';

/** `PUT /api/customers/me`: keeps the signed-in payer's contact details in this mode. */
export function updateCustomerMe(api: ApiClient, livemode: boolean, body: UpdateCustomerBody) {
  return api('/api/customers/me', {
    method: 'PUT',
    query: { livemode: String(livemode) },
    body,
    schema: customerSchema,
  });
}
