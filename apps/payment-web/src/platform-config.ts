import { COMPONENT_IDS, registrySchema, type Registry } from '@bazaar/schemas';

export const DEFAULT_MOUNT_POINT = '/payment-kit';
const REGISTRY_PATH = '/__platform.json';

export interface PlatformConfig {
  appId: string;
  appName: string;
  /** Where the Payment Kit is mounted on this platform: `/payment-kit`. */
  mountPoint: string;
}

/** The Payment Kit's entry in the registry, or the default mount point when it is missing. */
export function platformConfigFrom(registry: Registry): PlatformConfig {
  const component = registry.components.find((candidate) => candidate.did === COMPONENT_IDS.paymentKit);
  const mountPoint = (component?.mountPoint ?? DEFAULT_MOUNT_POINT).replace(/\/$/, '') || '/';
  return { appId: registry.appId, appName: registry.appName, mountPoint };
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
