import { paymentKitMountPoint } from '@bazaar/payment-react';
import type { Registry } from '@bazaar/schemas';

export interface PlatformConfig {
  appId: string;
  appName: string;
  /** The platform's mode, which the pages show unless the person chose the other. */
  livemode: boolean;
  /** Where the Payment Kit is mounted on this platform: `/payment-kit`. */
  mountPoint: string;
}

/** The Payment Kit's entry in the registry, or the default mount point when it is missing. */
export function platformConfigFrom(registry: Registry): PlatformConfig {
  return {
    appId: registry.appId,
    appName: registry.appName,
    livemode: registry.livemode,
    mountPoint: paymentKitMountPoint(registry),
  };
}
