import type { Role } from '@bazaar/schemas';
import { API, type PaymentTestApp } from './payment-test-app.ts';

/** Headers for a signed-in user holding one passport of `role` (admin routes need owner/admin/developer). */
export function asRole(t: PaymentTestApp, role: Role) {
  return t.signedIn({ did: `did:bazaar:usr_${role}`, role, passports: [{ role, name: role }] });
}

/**
 * Calls an admin route as an owner unless `role` says otherwise (null = signed out):
 * `adminRequest(t, 'POST', '/products', { name: 'Pro', livemode: false })`.
 */
export function adminRequest(
  t: PaymentTestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: Record<string, unknown>,
  role: Role | null = 'owner',
) {
  return t.app.inject({
    method,
    url: `${API}${path}`,
    headers: role ? asRole(t, role) : {},
    ...(payload !== undefined && { payload }),
  });
}
