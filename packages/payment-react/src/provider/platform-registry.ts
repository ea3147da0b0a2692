import { REGISTRY_PATH, registrySchema, type Registry } from '@bazaar/schemas';

/**
 * The platform's registry (app id, mode, every component's mount point): the copy the platform
 * inlined into the page, or, for a page served from elsewhere, the one it publishes.
 */
export async function loadRegistry(inlined: unknown, origin: string): Promise<Registry> {
  const parsed = registrySchema.safeParse(inlined);
  if (parsed.success) return parsed.data;
  const response = await fetch(`${origin}${REGISTRY_PATH}`, { headers: { accept: 'application/json' } });
  return registrySchema.parse(await response.json());
}
