export interface StripeStandInOptions {
  /** 0 or absent: a free port on 127.0.0.1. */
  port?: number;
}

/** An event as Stripe sends it to webhook endpoints (`Stripe.Event`'s shape). */
export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  /** The API request that caused it; both null for what happened "later" (advanceRefunds). */
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface WebhookDelivery {
  eventId: string;
  url: string;
  /** The endpoint's HTTP status; null when it could not be reached or did not answer in time. */
  status: number | null;
}

export type WebhookMode = 'immediate' | 'held' | 'dropped';

/**
 * A payment or setup intent as the payer's Stripe.js sees it (with a publishable key Stripe
 * answers only part of the object: no metadata, no customer).
 */
export interface PaymentIntentOrSetupIntent {
  id: string;
  object: 'payment_intent' | 'setup_intent';
  status: string;
  client_secret: string;
  payment_method: string | Record<string, unknown> | null;
  next_action: { type: string } | null;
  [field: string]: unknown;
}

export interface PayerCard {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

export interface StripeStandIn {
  /** e.g. http://127.0.0.1:43123 */
  url: string;
  /** For `new Stripe(secretKey, { host, port, protocol: 'http' })`. */
  host: string;
  port: number;
  /** Any `sk_test_…`/`rk_test_…` is accepted as Bearer, any `pk_test_…` as the browser key; these are valid-looking defaults. */
  secretKey: string;
  publishableKey: string;
  /** Every event is POSTed to every registered endpoint, signed with its secret (Stripe-Signature). */
  addWebhookEndpoint(url: string, secret: string): void;
  /**
   * 'immediate' (default): sent right after the API call that caused them, in creation order, one at
   * a time per endpoint; 'held': queued until releaseWebhooks(); 'dropped': recorded, never sent.
   * The mode applies to events created after the call; held events wait for releaseWebhooks().
   */
  setWebhookMode(mode: WebhookMode): void;
  /** Sends the held ones in order; resolves when each has had its answer. */
  releaseWebhooks(): Promise<void>;
  /** Resolves when nothing is queued to be sent or in flight (held events do not count). */
  webhooksSettled(): Promise<void>;
  /** Every event created, oldest first. */
  events: StripeEvent[];
  /** Every delivery attempt, in the order they were answered. */
  deliveries: WebhookDelivery[];
  /** Re-sends an event to every endpoint (as Stripe retries, or a duplicate delivery); resolves when answered. */
  resendEvent(eventId: string): Promise<void>;
  /**
   * What the payer's Stripe.js does: confirms the intent the client secret names with a typed card,
   * over HTTP with the publishable key. Answers the intent (may be requires_action); throws a
   * StripeApiError carrying Stripe's status and error body for declines.
   */
  confirmAsPayer(input: { clientSecret: string; card: PayerCard }): Promise<PaymentIntentOrSetupIntent>;
  /** The payer's answer to 3-D Secure on an intent in requires_action. */
  authenticateAsPayer(input: {
    clientSecret: string;
    outcome: 'approve' | 'fail';
  }): Promise<PaymentIntentOrSetupIntent>;
  /** "Some time later": moves refunds that Stripe's test cards settle later to their final status, with their events. */
  advanceRefunds(): Promise<void>;
  /** The stand-in's live state (the objects themselves: they change as the API changes them). */
  paymentIntents: Map<string, object>;
  setupIntents: Map<string, object>;
  customers: Map<string, object>;
  refunds: Map<string, object>;
  /** Counts of API requests by "METHOD /v1/path-template", e.g. 'POST /v1/payment_intents/:id/confirm'. */
  requestCounts(): Record<string, number>;
  close(): Promise<void>;
}

/** The part of Playwright's Route that routeStripeJs uses. */
export interface RouteLike {
  fulfill(response: {
    status?: number;
    headers?: Record<string, string>;
    body?: string | Buffer;
    contentType?: string;
  }): Promise<void>;
}

/** The part of Playwright's Request that routeStripeJs uses. */
export interface RouteRequestLike {
  url(): string;
  method(): string;
  headers(): Record<string, string>;
  postDataBuffer(): Buffer | null;
}

/**
 * A Playwright BrowserContext or Page, typed by what routeStripeJs needs of it (Playwright 1.65's
 * `route` resolves to a Disposable, hence `Promise<unknown>`).
 */
export interface RouteTarget {
  route(
    url: string | RegExp,
    handler: (route: RouteLike, request: RouteRequestLike) => unknown,
  ): Promise<unknown>;
}
