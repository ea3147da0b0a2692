import type { EventType } from './events.ts';
import type { CreateRefundInput, Refund } from './refunds.ts';
import type { EventObject } from './webhooks.ts';

/**
 * The contract between the Payment Kit and the platform's other components (the Store), which
 * use the kit in-process through these services and its events, never its tables.
 */

/** A new product sold once at one price, behind its own payment link. */
export interface OneTimeLinkInput {
  /** The product's and the link's name, as the checkout shows it. */
  name: string;
  description?: string;
  /** In token units as a person types it (`'1'`, `'0.5'`). */
  amount: string;
  /** A currency's id (`pc_…`) or its symbol (`USD`); the oldest active one of the mode is taken. */
  currency: string;
  livemode: boolean;
  metadata?: Record<string, string>;
  /**
   * Who the sale is for and their shares (whole percents adding up to 100), kept on the
   * product, the price and the link as `beneficiaries` metadata (JSON) for the kit's operators
   * to read; the caller keeps its own ledger of the split.
   */
  beneficiaries?: LinkBeneficiary[];
}

export interface LinkBeneficiary {
  name: string;
  /** A DID or a wallet address. */
  address: string;
  percent: number;
}

export interface OneTimeLink {
  paymentLinkId: string;
  currencyId: string;
  /** In the currency's smallest unit. */
  unitAmount: string;
}

/** What another component learns of a checkout session it was told of. */
export interface CheckoutFacts {
  id: string;
  paymentLinkId: string | null;
  status: string;
  paymentStatus: string;
  /** The payer's DID: a platform user's, or the guest DID of an email. */
  customerDid: string | null;
  /** The name the payer gave at checkout. */
  customerName: string | null;
  invoiceId: string | null;
  amountTotal: string;
  currencyId: string;
  livemode: boolean;
}

/**
 * A donation setting another component keeps in step with its own facts: who receives the tips
 * and how supporters are shown are the component's to say (set again whenever they differ); the
 * rest (amounts, button, title, on or off) stays as the platform's owner left it.
 */
export interface DonationSettingInput {
  mountLocation: string;
  /** The component whose widget it is (`did:bazaar:store`). */
  componentDid: string;
  description: string;
  livemode: boolean;
  beneficiaries: LinkBeneficiary[];
  supportersView: 'avatar' | 'table';
}

/** The kit's services another component may call; each answers the kit's own errors. */
export interface PaymentServices {
  createOneTimeLink(input: OneTimeLinkInput): Promise<OneTimeLink>;
  /** A deactivated link starts no new checkout; sessions already open may still be paid. */
  deactivateLink(paymentLinkId: string): Promise<void>;
  /** A link deactivated earlier starts checkouts again. */
  activateLink(paymentLinkId: string): Promise<void>;
  retrieveCheckout(checkoutSessionId: string): Promise<CheckoutFacts>;
  createRefund(input: CreateRefundInput): Promise<Refund>;
  /** Makes the donation setting of `mountLocation`, or brings its beneficiaries and supporters view to these. */
  ensureDonationSetting(input: DonationSettingInput): Promise<void>;
  /** A refund the caller heard of in an event (`refund.succeeded`), to learn what it gave back of which invoice. */
  retrieveRefund(refundId: string): Promise<Refund>;
}

/**
 * Another component learning of the kit's events in-process, as a merchant's endpoint does over
 * HTTP: delivered at least once, in order per object, retried when `handle` throws.
 */
export interface EventSubscriber {
  /** Names the component: `store`. */
  name: string;
  events: readonly EventType[];
  /** Throws to have the event delivered again later; it may see an event more than once. */
  handle(event: EventObject): Promise<void>;
}

/** The Payment Kit as another component sees it. */
export interface PaymentKitContract {
  services: PaymentServices;
  /** Call while the platform composes its components, before they are migrated. */
  subscribe(subscriber: EventSubscriber): void;
}
