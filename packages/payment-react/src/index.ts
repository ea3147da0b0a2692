/**
 * The Payment Kit's embeddable React components. The root holds what every host needs (the
 * provider, its hooks, shared primitives); each feature is its own subpath so a page loads only
 * its own code: `@bazaar/payment-react/checkout`, `@bazaar/payment-react/customer`.
 */
export { PaymentProvider, type PaymentProviderProps } from './provider/payment-provider.tsx';
export { usePaymentContext, useTranslate } from './provider/payment-context.ts';
export { TestModeBadge } from './primitives/test-mode-badge.tsx';
export { LIST_PAGE_SIZES, ListPagination, type ListPaginationProps } from './primitives/list-pagination.tsx';
export { StatusPanel, type StatusPanelProps } from './primitives/status-panel.tsx';
export { useDebouncedValue } from './primitives/use-debounced-value.ts';
export { createPaymentTheme } from './theme/payment-theme.ts';
export { formatDate, formatDateTimeMinutes } from './format/format-date.ts';
export { formatRecurring } from './format/format-recurring.ts';
export { transactionUrl } from './format/format-payment-details.ts';
export { TransactionHash } from './customer/transaction-hash.tsx';
export { loadRegistry } from './provider/platform-registry.ts';
export {
  DEFAULT_PAYMENT_KIT_MOUNT_POINT,
  paymentKitBaseUrl,
  paymentKitMountPoint,
} from './provider/payment-kit-address.ts';
export {
  createPaymentEventBus,
  type PaymentErrorEvent,
  type PaymentEventBus,
} from './events/payment-events.ts';
export { ApiError } from './api/api-error.ts';
export type { ApiClient } from './api/api-client.ts';
export { extractErrorText } from './api/error-text.ts';
export { queryKeys } from './api/query-keys.ts';
export { useSessionUser, useCustomerMe } from './api/use-session-user.ts';
export { useRelayChannel, type RelayConnection } from './realtime/use-relay-events.ts';
export { debounce, type Debounced } from './realtime/debounce.ts';
export { formatMoney } from '@bazaar/money';
