import { paymentKitMountPoint } from '@bazaar/payment-react';
import { registrySchema, type Registry } from '@bazaar/schemas';
const REGISTRY_PATH = '/__platform.json';

export interface PlatformConfig {
  appId: string;
  appName: string;
  /** Where the Payment Kit is mounted on this platform: `/payment-kit`. */
  mountPoint: string;
}

/** The Payment Kit's entry in the registry, or the default mount point when it is missing. */
export function platformConfigFrom(registry: Registry): PlatformConfig {
  return { appId: registry.appId, appName: registry.appName, mountPoint: paymentKitMountPoint(registry) };
}

/** Reads the registry the platform inlined into the page, or fetches it when the page came from elsewhere. */
export async function loadPlatformConfig(
  inlined: unknown,
  fetchRegistry: () => Promise<unknown>,
): Promise<PlatformConfig> {
  const parsed = registrySchema.safeParse(inlined);
  if (parsed.success) return platformConfigFrom(parsed.data);
  return platformConfigFrom(registrySchema.parse(await fetchRegistry()));
}

export function fetchRegistryJson(origin: string): Promise<unknown> {
  return fetch(`${origin}${REGISTRY_PATH}`, { headers: { accept: 'application/json' } }).then((response) =>
    response.json(),
  );
}
