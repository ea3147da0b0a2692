import type { Role, SessionUser } from '@bazaar/schemas';

/** Who may administer the Payment Kit: owners, admins and platform developers. */
export const ADMIN_ROLES: readonly Role[] = ['owner', 'admin', 'developer'];

export function isPaymentAdmin(user: SessionUser): boolean {
  return user.passports.some((passport) => ADMIN_ROLES.includes(passport.role));
}
