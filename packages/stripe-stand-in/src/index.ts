export { StripeApiError, type StripeErrorBody } from './api-error.ts';
export { fakeStripeJsSource } from './fake-stripe-js.ts';
export { API_VERSION } from './objects.ts';
export { routeStripeJs } from './route-stripe-js.ts';
export { startStripeStandIn } from './stand-in.ts';
export type {
  PayerCard,
  PaymentIntentOrSetupIntent,
  RouteLike,
  RouteRequestLike,
  RouteTarget,
  StripeEvent,
  StripeStandIn,
  StripeStandInOptions,
  WebhookDelivery,
  WebhookMode,
} from './types.ts';
