import { z } from 'zod';

/** Fixed component ids; clients find a component's mount point by its id in the registry. */
export const COMPONENT_IDS = {
  paymentKit: 'did:bazaar:payment-kit',
  store: 'did:bazaar:store',
} as const;

export const componentSchema = z.object({
  did: z.string(),
  name: z.string(),
  mountPoint: z.string(),
});
export type Component = z.infer<typeof componentSchema>;

export const registrySchema = z.object({
  appId: z.string(),
  appName: z.string(),
  components: z.array(componentSchema),
});
export type Registry = z.infer<typeof registrySchema>;

/** The relay channel that carries an app's events: `relay:{appId}:events`. */
export function eventsChannel(appId: string): string {
  return `relay:${appId}:events`;
}

export const RELAY_HEARTBEAT_MS = 30_000;

export const ROLES = ['owner', 'admin', 'developer', 'member'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const passportSchema = z.object({ role: roleSchema, name: z.string() });

export const sessionUserSchema = z.object({
  did: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  walletAddress: z.string().nullable(),
  avatar: z.string(),
  role: roleSchema,
  passports: z.array(passportSchema),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
