import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { SvgIconComponent } from '@mui/icons-material';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';

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
    ],
  },
];
