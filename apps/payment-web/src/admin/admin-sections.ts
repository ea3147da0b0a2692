import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { SvgIconComponent } from '@mui/icons-material';
import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import WebhookOutlined from '@mui/icons-material/WebhookOutlined';

import type { MessageKey } from '@bazaar/i18n';

export interface AdminPage {
  /** Relative to its section: `''` is the section's own page, `':id'` one of its objects. */
  path: string;
  Page: LazyExoticComponent<ComponentType>;
}

export interface AdminSection {
  /** Under `/admin`: `products`. */
  path: string;
  label: MessageKey;
  icon: SvgIconComponent;
  pages: AdminPage[];
}

/**
 * The dashboard's sections, in navigation order: each is one entry of the navigation and its
 * routes. A section appears here once its pages exist, so the navigation never leads nowhere.
 */
export const ADMIN_SECTIONS: AdminSection[] = [
  {
    // First, so `/admin` opens it.
    path: 'overview',
    label: 'payment.admin.nav.overview',
    icon: InsightsOutlined,
    pages: [
      {
        path: '',
        Page: lazy(() =>
          import('./overview/overview-page.tsx').then((module) => ({ default: module.OverviewPage })),
        ),
      },
    ],
  },
  {
    path: 'products',
    label: 'payment.admin.nav.products',
    icon: Inventory2Outlined,
    pages: [
      {
        path: '',
        Page: lazy(() =>
          import('./products/products-page.tsx').then((module) => ({ default: module.ProductsPage })),
        ),
      },
      {
        path: 'new',
        Page: lazy(() =>
          import('./products/product-create-page.tsx').then((module) => ({
            default: module.ProductCreatePage,
          })),
        ),
      },
      {
        path: ':id',
        Page: lazy(() =>
          import('./products/product-page.tsx').then((module) => ({ default: module.ProductPage })),
        ),
      },
    ],
  },
  {
    path: 'payment-links',
    label: 'payment.admin.nav.paymentLinks',
    icon: LinkOutlined,
    pages: [
      {
        path: '',
        Page: lazy(() =>
          import('./payment-links/payment-links-page.tsx').then((module) => ({
            default: module.PaymentLinksPage,
          })),
        ),
      },
      {
        path: 'new',
        Page: lazy(() =>
          import('./payment-links/payment-link-create-page.tsx').then((module) => ({
            default: module.PaymentLinkCreatePage,
          })),
        ),
      },
      {
        path: ':id',
        Page: lazy(() =>
          import('./payment-links/payment-link-page.tsx').then((module) => ({
            default: module.PaymentLinkPage,
          })),
        ),
      },
      {
        path: ':id/edit',
        Page: lazy(() =>
          import('./payment-links/payment-link-edit-page.tsx').then((module) => ({
            default: module.PaymentLinkEditPage,
          })),
        ),
      },
    ],
  },
  {
    path: 'customers',
    label: 'payment.admin.nav.customers',
    icon: PeopleOutlined,
    pages: [
      {
        path: '',
        Page: lazy(() =>
          import('./customers/customers-page.tsx').then((module) => ({ default: module.CustomersPage })),
        ),
      },
      {
        path: ':id',
        Page: lazy(() =>
          import('./customers/customer-page.tsx').then((module) => ({ default: module.CustomerPage })),
        ),
      },
    ],
  },
  {
    path: 'subscriptions',
    label: 'payment.admin.subscriptions.nav',
    icon: AutorenewOutlined,
    pages: [
      {
        path: '',
        Page: lazy(() =>
          import('./subscriptions/subscriptions-page.tsx').then((module) => ({
            default: module.SubscriptionsPage,
          })),
        ),
      },
      {
        path: ':id',
        Page: lazy(() =>
          import('./subscriptions/subscription-page.tsx').then((module) => ({
            default: module.SubscriptionPage,
          })),
        ),
      },
    ],
  },
  {
    path: 'invoices',
    label: 'payment.admin.nav.invoices',
    icon: ReceiptLongOutlined,
    pages: [
      {
        path: '',
        Page: lazy(() =>
          import('./invoices/invoices-page.tsx').then((module) => ({ default: module.InvoicesPage })),
        ),
      },
      {
        path: 'new',
        Page: lazy(() =>
          import('./invoices/invoice-create-page.tsx').then((module) => ({
            default: module.InvoiceCreatePage,
          })),
        ),
      },
      {
        path: ':id',
        Page: lazy(() =>
          import('./invoices/invoice-page.tsx').then((module) => ({ default: module.InvoicePage })),
        ),
      },
      {
        path: ':id/edit',
        Page: lazy(() =>
          import('./invoices/invoice-edit-page.tsx').then((module) => ({ default: module.InvoiceEditPage })),
        ),
      },
    ],
  },
  {
    path: 'payments',
    label: 'payment.admin.payments.title',
    icon: PaymentsOutlined,
    pages: [
      {
        path: '',
        Page: lazy(() =>
          import('./payments/payments-page.tsx').then((module) => ({ default: module.PaymentsPage })),
        ),
      },
      {
        path: ':id',
        Page: lazy(() =>
          import('./payments/payment-page.tsx').then((module) => ({ default: module.PaymentPage })),
        ),
      },
    ],
  },
  {
    path: 'refunds',
    label: 'payment.admin.refunds.title',
    icon: UndoOutlined,
    pages: [
      {
        path: '',
        Page: lazy(() =>
          import('./refunds/refunds-page.tsx').then((module) => ({ default: module.RefundsPage })),
        ),
      },
    ],
  },
  {
    path: 'test-clocks',
    label: 'payment.admin.nav.testClocks',
    icon: ScheduleOutlined,
    pages: [
      {
        path: '',
        Page: lazy(() =>
          import('./test-clocks/test-clocks-page.tsx').then((module) => ({ default: module.TestClocksPage })),
        ),
      },
      {
        path: ':id',
        Page: lazy(() =>
          import('./test-clocks/test-clock-page.tsx').then((module) => ({ default: module.TestClockPage })),
        ),
      },
    ],
  },
  {
    path: 'events',
    label: 'payment.admin.nav.events',
    icon: EventNoteOutlined,
    pages: [
      {
        path: '',
        Page: lazy(() =>
          import('./events/events-page.tsx').then((module) => ({ default: module.EventsPage })),
        ),
      },
      {
        path: ':id',
        Page: lazy(() => import('./events/event-page.tsx').then((module) => ({ default: module.EventPage }))),
      },
    ],
  },
  {
    path: 'webhooks',
    label: 'payment.admin.nav.webhooks',
    icon: WebhookOutlined,
    pages: [
      {
        path: '',
        Page: lazy(() =>
          import('./webhooks/webhooks-page.tsx').then((module) => ({ default: module.WebhooksPage })),
        ),
      },
      {
        path: ':id',
        Page: lazy(() =>
          import('./webhooks/webhook-page.tsx').then((module) => ({ default: module.WebhookPage })),
        ),
      },
    ],
  },
  {
    // Last: what is set up once and seldom visited.
    path: 'settings',
    label: 'payment.admin.nav.settings',
    icon: SettingsOutlined,
    pages: [
      {
        path: '',
        Page: lazy(() =>
          import('./settings/settings-page.tsx').then((module) => ({ default: module.SettingsPage })),
        ),
      },
    ],
  },
];
