import { useMemo } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatDateTimeMinutes, useTranslate } from '@bazaar/payment-react';
import type { AdminPaymentLink } from '@bazaar/schemas';
import { usePaymentLinkPage } from '../api/use-payment-links.ts';
import { ActiveChip } from '../components/active-chip.tsx';
import { AdminPageHeading } from '../components/admin-page-heading.tsx';
import { ACTIVE_FILTER_FIELD } from '../data-grid/active-filter.tsx';
import { GridFilterBar } from '../data-grid/grid-filter-bar.tsx';
import { ServerDataGrid } from '../data-grid/server-data-grid.tsx';
import { useServerGrid } from '../data-grid/use-server-grid.ts';
import { ListExportButton } from '../exports/list-export-button.tsx';
import { LinkActions } from './link-actions.tsx';
import { useCheckoutAddress } from './use-checkout-address.ts';

const FILTER_FIELDS = [ACTIVE_FILTER_FIELD];
const PHONE_HIDDEN_FIELDS = ['active', 'created_at'];

/**
 * `/admin/payment-links`: the mode's payment links, searched, filtered, sorted and paged by the
 * server, exported whole as filtered; each to copy, scan or open, or opened on its own page.
 */
export function PaymentLinksPage() {
  const t = useTranslate();
  const navigate = useNavigate();
  const grid = useServerGrid(FILTER_FIELDS);
  const links = usePaymentLinkPage(grid.query);
  const checkoutAddress = useCheckoutAddress();
  const columns = useMemo<GridColDef<AdminPaymentLink>[]>(
    () => [
      { field: 'name', headerName: t('payment.admin.link.name'), flex: 1, minWidth: 140 },
      {
        field: 'url',
        headerName: t('payment.admin.link.url'),
        width: 130,
        sortable: false,
        renderCell: ({ row }) => <LinkActions name={row.name} address={checkoutAddress(row.id)} />,
      },
      {
        field: 'active',
        headerName: t('payment.admin.status.label'),
        width: 120,
        sortable: false,
        renderCell: ({ row }) => <ActiveChip isActive={row.active} />,
      },
      {
        field: 'created_at',
        headerName: t('payment.admin.field.created'),
        width: 170,
        valueFormatter: (value: number) => formatDateTimeMinutes(value),
      },
    ],
    [t, checkoutAddress],
  );

  return (
    <>
      <AdminPageHeading
        title={t('payment.admin.links.title')}
        actions={
          <>
            <ListExportButton
              path="/api/payment-links/export.csv"
              fileName="payment-links.csv"
              query={grid.query}
            />
            <Button component={RouterLink} to="new" variant="contained" startIcon={<AddIcon />}>
              {t('payment.admin.links.new')}
            </Button>
          </>
        }
      />
      <ServerDataGrid
        label={t('payment.admin.links.title')}
        emptyText={t('payment.admin.links.empty')}
        grid={grid}
        columns={columns}
        list={links}
        onRowClick={(link) => navigate(link.id)}
        phoneHiddenFields={PHONE_HIDDEN_FIELDS}
        toolbar={<GridFilterBar grid={grid} />}
      />
    </>
  );
}
