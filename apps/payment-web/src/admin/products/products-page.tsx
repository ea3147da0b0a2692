import { useMemo } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatDateTimeMinutes, useTranslate } from '@bazaar/payment-react';
import type { AdminProduct } from '@bazaar/schemas';
import { useProductPage } from '../api/use-products.ts';
import { ActiveChip } from '../components/active-chip.tsx';
import { AdminPageHeading } from '../components/admin-page-heading.tsx';
import { ACTIVE_FILTER_FIELD } from '../data-grid/active-filter.tsx';
import { GridFilterBar } from '../data-grid/grid-filter-bar.tsx';
import { ServerDataGrid } from '../data-grid/server-data-grid.tsx';
import { useServerGrid } from '../data-grid/use-server-grid.ts';
import { ListExportButton } from '../exports/list-export-button.tsx';

const FILTER_FIELDS = [ACTIVE_FILTER_FIELD];
const PHONE_HIDDEN_FIELDS = ['created_at'];

/** `/admin/products`: the mode's products, searched, filtered, sorted and paged by the server, exported whole as filtered. */
export function ProductsPage() {
  const t = useTranslate();
  const navigate = useNavigate();
  const grid = useServerGrid(FILTER_FIELDS);
  const products = useProductPage(grid.query);
  const columns = useMemo<GridColDef<AdminProduct>[]>(
    () => [
      { field: 'name', headerName: t('payment.admin.product.name'), flex: 1, minWidth: 180 },
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
    [t],
  );

  return (
    <>
      <AdminPageHeading
        title={t('payment.admin.products.title')}
        actions={
          <>
            <ListExportButton path="/api/products/export.csv" fileName="products.csv" query={grid.query} />
            <Button component={RouterLink} to="new" variant="contained" startIcon={<AddIcon />}>
              {t('payment.admin.products.new')}
            </Button>
          </>
        }
      />
      <ServerDataGrid
        label={t('payment.admin.products.title')}
        emptyText={t('payment.admin.products.empty')}
        grid={grid}
        columns={columns}
        list={products}
        phoneHiddenFields={PHONE_HIDDEN_FIELDS}
        onRowClick={(product) => navigate(product.id)}
        toolbar={<GridFilterBar grid={grid} />}
      />
    </>
  );
}
