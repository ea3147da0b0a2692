import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useNavigate } from 'react-router';
import { useTranslate } from '@bazaar/payment-react';
import type { AdminCustomer } from '@bazaar/schemas';
import { useCustomerPage } from '../api/use-customers.ts';
import { AdminPageHeading } from '../components/admin-page-heading.tsx';
import { GridSearchField } from '../data-grid/grid-search-field.tsx';
import { ServerDataGrid } from '../data-grid/server-data-grid.tsx';
import { createdColumn } from '../data-grid/grid-columns.ts';
import { useServerGrid } from '../data-grid/use-server-grid.ts';
import { ListExportButton } from '../exports/list-export-button.tsx';

const PHONE_HIDDEN_FIELDS = ['created'];

/**
 * `/admin/customers`: the mode's customers, searched by name, email or DID, sorted and paged by
 * the server, exported whole as searched. Column fields are the API's sort names (`created`, not `created_at`), since the
 * grid writes the sorted field to the address and the address is the request.
 */
export function CustomersPage() {
  const t = useTranslate();
  const navigate = useNavigate();
  const grid = useServerGrid();
  const customers = useCustomerPage(grid.query);
  const columns = useMemo<GridColDef<AdminCustomer>[]>(
    () => [
      {
        field: 'name',
        headerName: t('payment.admin.customer.name'),
        flex: 1,
        minWidth: 130,
        valueGetter: (_value, row) => row.name || row.email || row.did,
      },
      { field: 'email', headerName: t('payment.admin.customer.email'), flex: 1, minWidth: 160 },
      createdColumn(t),
    ],
    [t],
  );

  return (
    <>
      <AdminPageHeading
        title={t('payment.admin.customers.title')}
        actions={
          <ListExportButton path="/api/customers/export.csv" fileName="customers.csv" query={grid.query} />
        }
      />
      <ServerDataGrid
        label={t('payment.admin.customers.title')}
        emptyText={t('payment.admin.customers.empty')}
        grid={grid}
        columns={columns}
        list={customers}
        phoneHiddenFields={PHONE_HIDDEN_FIELDS}
        onRowClick={(customer) => navigate(customer.id)}
        toolbar={<GridSearchField grid={grid} />}
      />
    </>
  );
}
