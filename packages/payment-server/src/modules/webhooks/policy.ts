/** How the kit sends webhooks; the host passes its configuration. */
export interface WebhookPolicy {
  /** Lets endpoints on loopback and private networks receive (`WEBHOOKS_ALLOW_PRIVATE`). */
  allowPrivateAddresses: boolean;
  /** How long an attempt waits for the receiver's answer. */
  timeoutMs: number;
}

export const DEFAULT_WEBHOOK_POLICY: WebhookPolicy = { allowPrivateAddresses: false, timeoutMs: 10_000 };
