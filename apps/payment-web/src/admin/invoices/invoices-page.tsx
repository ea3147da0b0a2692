import { useMemo } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatDateTimeMinutes, formatMoney, useTranslate } from '@bazaar/payment-react';
import { InvoiceStatusChip } from '@bazaar/payment-react/customer';
import type { ListedInvoice } from '@bazaar/schemas';
import { useInvoicePage, useInvoicesLiveRefresh } from '../api/use-invoices.ts';
import { AdminPageHeading } from '../components/admin-page-heading.tsx';
import { ServerDataGrid } from '../data-grid/server-data-grid.tsx';
import { useServerGrid } from '../data-grid/use-server-grid.ts';
import { ListExportButton } from '../exports/list-export-button.tsx';
import { InvoiceCustomerFilter, INVOICE_CUSTOMER_FIELD } from './invoice-customer-filter.tsx';
import { InvoiceStatusFilter, INVOICE_STATUS_FIELD } from './invoice-status-filter.tsx';

const FILTER_FIELDS = [INVOICE_STATUS_FIELD, INVOICE_CUSTOMER_FIELD];
const PHONE_HIDDEN_FIELDS = ['customer_id', 'created_at'];

/**
 * `/admin/invoices`: every customer's invoices of the mode, or one customer's, filtered by status,
 * paged by the server, exported whole; a row opens its invoice, and a manual invoice starts here.
 */
export function InvoicesPage() {
  const t = useTranslate();
  const navigate = useNavigate();
  const grid = useServerGrid(FILTER_FIELDS);
  const invoices = useInvoicePage(grid.query);
  useInvoicesLiveRefresh();
  const columns = useMemo<GridColDef<ListedInvoice>[]>(
    () => [
      {
        field: 'number',
        headerName: t('payment.invoiceList.number'),
        flex: 1,
        minWidth: 160,
        sortable: false,
      },
      {
        field: 'status',
        headerName: t('payment.admin.status.label'),
        width: 140,
        sortable: false,
        renderCell: ({ row }) => <InvoiceStatusChip status={row.status} />,
      },
      {
        field: 'total',
        headerName: t('payment.admin.invoice.total'),
        width: 150,
        sortable: false,
        valueGetter: (_value, row) => formatMoney(row.total, row.currency),
      },
      {
        field: 'customer_id',
        headerName: t('payment.admin.invoice.customer'),
        width: 200,
        sortable: false,
        valueGetter: (_value, row) => row.customer.name || row.customer.email || row.customer.did,
      },
      {
        field: 'created_at',
        headerName: t('payment.admin.field.created'),
        width: 170,
        sortable: false,
        valueFormatter: (value: number) => formatDateTimeMinutes(value),
      },
    ],
    [t],
  );

  return (
    <>
      <AdminPageHeading
        title={t('payment.admin.invoices.title')}
        actions={
          <>
            <ListExportButton path="/api/invoices/export.csv" fileName="invoices.csv" query={grid.query} />
            <Button component={RouterLink} to="new" variant="contained" startIcon={<AddIcon />}>
              {t('payment.admin.invoices.new')}
            </Button>
          </>
        }
      />
      <ServerDataGrid
        label={t('payment.admin.invoices.title')}
        emptyText={t('payment.admin.invoices.empty')}
        grid={grid}
        columns={columns}
        list={invoices}
        phoneHiddenFields={PHONE_HIDDEN_FIELDS}
        onRowClick={(invoice) => navigate(invoice.id)}
        toolbar={
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <InvoiceStatusFilter grid={grid} />
            <InvoiceCustomerFilter grid={grid} />
          </Stack>
        }
      />
    </>
  );
}
