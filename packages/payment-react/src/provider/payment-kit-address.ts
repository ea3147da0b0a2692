import { COMPONENT_IDS, type Registry } from '@bazaar/schemas';

/** Where the Payment Kit is mounted when the registry does not list it. */
export const DEFAULT_PAYMENT_KIT_MOUNT_POINT = '/payment-kit';

/** The Payment Kit's mount point, found by its fixed component id in the platform's registry: `/payment-kit`. */
export function paymentKitMountPoint(registry: Registry): string {
  const component = registry.components.find((candidate) => candidate.did === COMPONENT_IDS.paymentKit);
  return (component?.mountPoint ?? DEFAULT_PAYMENT_KIT_MOUNT_POINT).replace(/\/$/, '') || '/';
}

/**
 * `PaymentProvider`'s `apiBaseUrl` for any app of the platform: the origin plus the kit's mount
 * point as the registry names it, so the kit may be mounted anywhere.
 * `paymentKitBaseUrl(registry, 'https://shop.example')` → `'https://shop.example/payment-kit'`.
 */
export function paymentKitBaseUrl(registry: Registry, origin: string): string {
  const mountPoint = paymentKitMountPoint(registry);
  return `${origin.replace(/\/$/, '')}${mountPoint === '/' ? '' : mountPoint}`;
}
