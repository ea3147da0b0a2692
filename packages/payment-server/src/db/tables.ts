import type { ColumnType, Generated, Kysely } from 'kysely';

/** A column rows may leave out on insert (it is nullable or has a default in the migration). */
type Optional<T> = ColumnType<T, T | undefined, T>;

/**
 * The Payment Kit's tables as Kysely sees them. Money is `text` (decimal strings in the
 * smallest unit), time is unix seconds, booleans are 0/1 and structured fields are JSON text,
 * so one set of migrations serves SQLite and PostgreSQL.
 */
export interface PaymentTables {
  payment_methods: {
    id: string;
    type: string;
    name: string;
    logo: string;
    active: number;
    livemode: number;
    settings: string;
    default_currency_id: string | null;
    created_at: number;
  };
  payment_currencies: {
    id: string;
    payment_method_id: string;
    symbol: string;
    name: string;
    logo: string;
    decimal: number;
    maximum_precision: number;
    active: number;
    contract: string | null;
    livemode: number;
    created_at: number;
  };
  products: {
    id: string;
    name: string;
    description: string;
    images: string;
    unit_label: string | null;
    statement_descriptor: string | null;
    active: number;
    metadata: Generated<string>;
    livemode: number;
    created_at: number;
  };
  prices: {
    id: string;
    product_id: string;
    active: number;
    type: string;
    currency_id: string;
    unit_amount: string | null;
    custom_unit_amount: string | null;
    currency_options: string;
    recurring: string | null;
    quantity_available: number;
    quantity_sold: number;
    quantity_limit_per_checkout: number;
    /** 'per_unit' or 'tiered'. */
    billing_scheme: Generated<string>;
    /** 'graduated' or 'volume' when tiered. */
    tiers_mode: Optional<string | null>;
    /** JSON `[{ up_to: number | null, unit_amount, flat_amount }]` when tiered. */
    tiers: Optional<string | null>;
    upsells_to_id: Optional<string | null>;
    nickname: Generated<string>;
    metadata: Generated<string>;
    livemode: number;
    created_at: number;
  };
  payment_links: {
    id: string;
    name: string;
    active: number;
    livemode: number;
    currency_id: string;
    line_items: string;
    submit_type: string;
    phone_number_collection: number;
    billing_address_collection: string;
    cross_sell_behavior: string;
    subscription_data: string | null;
    after_completion: string;
    donation_settings: string | null;
    /** How long a checkout session started from this link stays open. */
    expires_after_seconds: Generated<number>;
    metadata: Generated<string>;
    created_at: number;
  };
  customers: {
    id: string;
    did: string;
    livemode: number;
    name: string;
    email: string;
    phone: string;
    address: string;
    metadata: string;
    invoice_prefix: string;
    invoice_sequence: number;
    /** The test clock whose time this customer lives in (test mode only). */
    test_clock_id: Optional<string | null>;
    created_at: number;
    updated_at: number;
  };
  checkout_sessions: {
    id: string;
    payment_link_id: string | null;
    mode: string;
    status: string;
    payment_status: string;
    submit_type: string;
    livemode: number;
    currency_id: string;
    line_items: string;
    amount_subtotal: string;
    amount_total: string;
    customer_id: string | null;
    invoice_id: string | null;
    subscription_id: string | null;
    payment_intent_id: string | null;
    phone_number_collection: number;
    billing_address_collection: string;
    cross_sell_behavior: string;
    subscription_data: string | null;
    success_url: string | null;
    inventory_reserved: number;
    /** While set, the session holds limited stock until then (see modules/checkout-sessions/stock.ts). */
    inventory_held_until: number | null;
    /** sha256 of the secret handed to the browser that opened the session; null for sessions from before. */
    client_secret_hash: string | null;
    /** Donations: how the payer chose to appear among the supporters (public | name_only | anonymous). */
    supporter_display: string | null;
    metadata: string;
    expires_at: number;
    created_at: number;
    updated_at: number;
  };
  payment_intents: {
    id: string;
    status: string;
    amount: string;
    amount_received: string;
    currency_id: string;
    payment_method_id: string;
    customer_id: string | null;
    invoice_id: string | null;
    checkout_session_id: string | null;
    client_secret: string;
    livemode: number;
    last_payment_error: string | null;
    payment_details: string | null;
    created_at: number;
    updated_at: number;
    /** 1 once a succeeded payment is added to `metrics_payment_days`. */
    volume_rolled_up: Generated<number>;
  };
  invoices: {
    id: string;
    number: string;
    status: string;
    billing_reason: string;
    /** `subscription_update` invoices: JSON `PlanSwitch`, applied when the invoice is paid. */
    plan_change: string | null;
    customer_id: string;
    subscription_id: string | null;
    checkout_session_id: string | null;
    payment_intent_id: string | null;
    currency_id: string;
    description: string;
    subtotal: string;
    total: string;
    amount_due: string;
    amount_paid: string;
    amount_remaining: string;
    livemode: number;
    created_at: number;
    paid_at: number | null;
    /** When an open invoice becomes past due (unix seconds); null for invoices paid at once. */
    due_date: Optional<number | null>;
    period_start: Optional<number | null>;
    period_end: Optional<number | null>;
    /** Collection attempts whose outcome is recorded; the next attempt's provider key uses +1. */
    attempt_count: Generated<number>;
    /** When the engine next tries to collect an open invoice; null when it does not. */
    next_payment_attempt: Optional<number | null>;
    /** The kit's payment method that collects (or collected) the invoice. */
    payment_method_id: Optional<string | null>;
    /** Customer credit used to pay part of the total. */
    amount_applied: Generated<string>;
    test_clock_id: Optional<string | null>;
    /**
     * JSON `{ card_id, brand, last4 }`: the card this invoice is collected from when it is not the
     * subscription's current one (the card changed while the invoice was open); null follows it.
     */
    payment_card: Optional<string | null>;
    /**
     * Until when (unix seconds, the invoice's own clock) `collection_lease_holder` collects the
     * invoice and nobody else may: the engine while its charge is in flight, the payer while
     * paying on the invoice page. Null, or past, when nobody does.
     */
    collection_lease_until: Optional<number | null>;
    /** `engine` or `payer`; meaningful only while `collection_lease_until` has not passed. */
    collection_lease_holder: Optional<string | null>;
    /** A manual invoice's days from finalizing to its due date; null for every other invoice. */
    days_until_due: Optional<number | null>;
    /** 1 once a paid invoice's lines are added to `metrics_price_days`. */
    revenue_rolled_up: Generated<number>;
  };
  invoice_lines: {
    id: string;
    invoice_id: string;
    position: number;
    description: string;
    price_id: string | null;
    quantity: number;
    unit_amount: string;
    amount: string;
    period_start: Optional<number | null>;
    period_end: Optional<number | null>;
    proration: Generated<number>;
  };
  subscriptions: {
    id: string;
    customer_id: string;
    status: string;
    currency_id: string;
    default_payment_method_id: string;
    /** JSON `{ card_id, brand, last4 }`: the saved card renewals are charged to. */
    payment_card: string | null;
    checkout_session_id: string | null;
    billing_cycle_anchor: number;
    current_period_start: number;
    current_period_end: number;
    trial_start: number | null;
    trial_end: number | null;
    cancel_at_period_end: Generated<number>;
    canceled_at: number | null;
    ended_at: number | null;
    /** JSON `{ reason, feedback, comment }`. */
    cancelation_details: string | null;
    billing_threshold_amount: Generated<string>;
    /** Chain subscriptions: the wallet whose allowance to the vault renewals pull from. */
    payer_address: string | null;
    latest_invoice_id: string | null;
    test_clock_id: string | null;
    /** When `customer.subscription.trial_will_end` was announced; null until then. */
    trial_reminded_at: number | null;
    livemode: number;
    metadata: Generated<string>;
    created_at: number;
    updated_at: number;
  };
  chain_transactions: {
    id: string;
    payment_intent_id: string;
    payment_method_id: string;
    /**
     * `transfer`: the payer's wallet sent it; `pull`: the vault's transferFrom on the payer's
     * allowance; `refund`: the vault sending a transfer that paid nothing back.
     */
    kind: string;
    /** What the transaction is for, as `modules/chain-payments/attempt-keys.ts` builds it. */
    attempt_key: string;
    tx_hash: string;
    /** Pulls: the signed transaction, broadcast again until it is mined. */
    raw_transaction: string | null;
    nonce: number | null;
    token: string;
    /** Null for a guest's transfer until it is seen on chain. */
    from_address: string | null;
    to_address: string;
    amount: string;
    /** pending | succeeded | failed | returned (a transfer that paid nothing, sent back) */
    status: string;
    block_number: string | null;
    failure_message: string | null;
    /** Once mined: the gas it used and the price per gas paid, in wei. */
    gas_price: string | null;
    gas_used: string | null;
    livemode: number;
    created_at: number;
    updated_at: number;
  };
  chain_vault_nonces: {
    /** `{chain_id}:{vault address}` */
    vault: string;
    next_nonce: number;
  };
  subscription_items: {
    id: string;
    subscription_id: string;
    price_id: string;
    quantity: number;
    created_at: number;
  };
  usage_records: {
    id: string;
    subscription_item_id: string;
    quantity: number;
    timestamp: number;
    action: string;
    identifier: string;
    created_at: number;
  };
  /** The customer's credit ledger per currency; a negative amount is credit the customer holds. */
  customer_balance_transactions: {
    id: string;
    customer_id: string;
    currency_id: string;
    amount: string;
    type: string;
    invoice_id: string | null;
    subscription_id: string | null;
    livemode: number;
    created_at: number;
  };
  /** A setup intent (of 0) that replaces a subscription's saved card once the payer confirms it. */
  subscription_card_setups: {
    payment_intent_id: string;
    subscription_id: string;
    created_at: number;
  };
  test_clocks: {
    id: string;
    name: string;
    frozen_time: number;
    livemode: number;
    created_at: number;
    /** `ready`, `advancing` (an advance is under way, in steps) or `internal_failure` (a step failed). */
    status: Generated<string>;
    /** The latest advance: the frozen time it started from and the one it moves to. */
    advance_from: number | null;
    advance_to: number | null;
    /** What the latest advance did so far: renewals and collection attempts. */
    advance_renewals: Generated<number>;
    advance_attempts: Generated<number>;
    advance_failure: string | null;
    /** Who steps the advance, until when (real time): a node that stopped is taken over after it. */
    advance_holder: string | null;
    advance_lease_until: number | null;
  };
  /** Cards saved at the built-in test card network; `behavior` says how charges on it go. */
  test_cards: {
    id: string;
    customer_id: string;
    brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    behavior: string;
    created_at: number;
  };
  /** Every charge the test card network answered, once per idempotency key. */
  test_card_refunds: {
    id: string;
    idempotency_key: string;
    payment_intent_id: string;
    amount: string;
    status: string;
    failure_message: string | null;
    created_at: number;
  };
  settings: {
    id: string;
    type: string;
    mount_location: string;
    description: string;
    component_did: string;
    active: number;
    livemode: number;
    /** JSON: the setting's own fields (`donateSettingsSchema` for `donate`). */
    settings: string;
    created_at: number;
    updated_at: number;
  };
  donation_links: {
    target: string;
    livemode: number;
    payment_link_id: string;
    currency_id: string;
    total_amount: string;
    supporter_count: number;
    created_at: number;
    /** The setting whose edits the link follows; null for a link made without a mount location. */
    setting_id: string | null;
  };
  donation_supporters: {
    payment_link_id: string;
    customer_id: string;
    amount_total: string;
    display: string;
    last_payment_intent_id: string;
    /** Null for rows written before supporters kept it. */
    last_invoice_id: string | null;
    updated_at: number;
  };
  stripe_intents: {
    payment_intent_id: string;
    stripe_id: string;
    kind: string;
    client_secret: string;
    amount: string;
    currency: string;
    applied_failure: string | null;
    created_at: number;
    updated_at: number;
  };
  stripe_customers: {
    customer_id: string;
    payment_method_id: string;
    stripe_id: string;
    created_at: number;
  };
  stripe_events: {
    id: string;
    payment_method_id: string;
    type: string;
    received_at: number;
    applied_at: number | null;
  };
  refunds: {
    id: string;
    payment_intent_id: string;
    customer_id: string | null;
    invoice_id: string | null;
    subscription_id: string | null;
    amount: string;
    currency_id: string;
    /** refund | stake_return */
    type: string;
    reason: string;
    description: string | null;
    /** pending | succeeded | failed */
    status: string;
    failure_message: string | null;
    /** Once sent: the card provider's refund id, or the vault's chain transaction id. */
    provider_ref: string | null;
    attempt_count: number;
    /** System time of the next try at sending it; null once the provider or the vault has it. */
    next_attempt_at: number | null;
    livemode: number;
    created_at: number;
    updated_at: number;
  };
  test_card_charges: {
    id: string;
    idempotency_key: string;
    card_id: string;
    amount: string;
    currency_id: string;
    status: string;
    failure_code: string | null;
    failure_message: string | null;
    created_at: number;
  };
  events: {
    id: string;
    type: string;
    data: string;
    livemode: number;
    created_at: number;
    position: number;
    relayed_at: number | null;
    /** The id of the object the event is about (its payload's `data.id`). */
    object_id: string;
    /** When the webhook sender queued its deliveries; null until then. */
    webhooks_queued_at: number | null;
  };
  webhook_endpoints: {
    id: string;
    url: string;
    /** JSON array of event types, or `["*"]`. */
    enabled_events: string;
    description: string | null;
    status: string;
    secret: string;
    /** A rolled secret's predecessor, still signing until `previous_secret_expires_at`. */
    previous_secret: string | null;
    previous_secret_expires_at: number | null;
    failing_since: number | null;
    metadata: string;
    livemode: number;
    created_at: number;
    updated_at: number;
  };
  webhook_deliveries: {
    id: string;
    endpoint_id: string;
    event_id: string;
    event_type: string;
    object_id: string;
    event_created_at: number;
    event_position: number;
    status: string;
    attempt_count: number;
    /** When the next attempt is due (also a lease while one is in flight); null once settled. */
    next_attempt_at: number | null;
    created_at: number;
    /** A test event's body (JSON), sent by hand to this endpoint alone; null for the outbox's events. */
    test_event: string | null;
  };
  webhook_redeliveries: {
    id: string;
    endpoint_id: string;
    created_at: number;
  };
  /** The deliveries a redelivery sent again: its progress is their states. */
  webhook_redelivery_items: {
    redelivery_id: string;
    delivery_id: string;
  };
  webhook_attempts: {
    id: string;
    delivery_id: string;
    status: string;
    response_status: number | null;
    error: string | null;
    duration_ms: number;
    retry_count: number;
    created_at: number;
  };
  /** Succeeded payments per mode, UTC day and currency (`flows/roll-up-metrics.ts`). */
  metrics_payment_days: {
    livemode: number;
    day: number;
    currency_id: string;
    count: number;
    /** Non-negative digits in the currency's smallest unit. */
    amount: string;
  };
  /** What each price's lines of paid invoices billed per UTC day (`flows/roll-up-metrics.ts`). */
  metrics_price_days: {
    livemode: number;
    currency_id: string;
    day: number;
    price_id: string;
    is_credit: number;
    /** Non-negative digits in the currency's smallest unit. */
    amount: string;
  };
}

export type PaymentDb = Kysely<PaymentTables>;
