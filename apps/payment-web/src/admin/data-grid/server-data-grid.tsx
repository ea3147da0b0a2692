import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  DataGrid,
  type GridColDef,
  type GridRowParams,
  type GridRowSelectionModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { enUS, zhCN } from '@mui/x-data-grid/locales';
import { readPageNonce } from '@bazaar/page-csp/react';
import { extractErrorText, usePaymentContext } from '@bazaar/payment-react';
import { GRID_PAGE_SIZES } from './grid-url-state.ts';
import type { ServerGrid } from './use-server-grid.ts';

/** The grid writes its own `<style>` (its CSS variables); under the page's policy it applies only with the nonce. */
const PAGE_NONCE = readPageNonce();

const GRID_TEXTS = {
  en: enUS.components.MuiDataGrid.defaultProps.localeText,
  zh: zhCN.components.MuiDataGrid.defaultProps.localeText,
};

export interface ServerDataGridProps<Row extends GridValidRowModel> {
  /** The grid's name for screen readers: the list's title. */
  label: string;
  /** What an empty list says ("No products yet"). */
  emptyText: string;
  grid: ServerGrid;
  columns: GridColDef<Row>[];
  /** The page's query: the page as the API answered it (none while the first loads), whether it is loading, and why it failed. */
  list: { data: { list: Row[]; count: number } | undefined; isFetching: boolean; error: unknown };
  /** The filters and search above the grid. */
  toolbar?: ReactNode;
  onRowClick?: (row: Row) => void;
  /** Columns left out at phone width, where only the essentials fit. */
  phoneHiddenFields?: readonly string[];
  /** Rows picked by their checkboxes, kept across pages, for an action on them; none without it. */
  selection?: { model: GridRowSelectionModel; onChange: (model: GridRowSelectionModel) => void };
}

/**
 * One page of a server list in MUI's grid: paging, sorting and filtering are the server's, the
 * view lives in the address (see `useServerGrid`), and the grid speaks the page's language.
 */
export function ServerDataGrid<Row extends GridValidRowModel>({
  label,
  emptyText,
  grid,
  columns,
  list,
  toolbar,
  onRowClick,
  phoneHiddenFields = [],
  selection,
}: ServerDataGridProps<Row>) {
  const { locale, t } = usePaymentContext();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const columnVisibilityModel = isPhone
    ? Object.fromEntries(phoneHiddenFields.map((field) => [field, false]))
    : {};
  return (
    <Stack spacing={2}>
      {toolbar}
      {list.error ? (
        <Alert severity="error">
          {t('payment.admin.grid.loadFailed', { reason: extractErrorText(list.error, t) })}
        </Alert>
      ) : null}
      <DataGrid
        aria-label={label}
        columns={columns}
        rows={list.data?.list ?? []}
        rowCount={list.data?.count ?? 0}
        loading={list.isFetching}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        paginationModel={grid.paginationModel}
        onPaginationModelChange={grid.onPaginationModelChange}
        pageSizeOptions={[...GRID_PAGE_SIZES]}
        sortModel={grid.sortModel}
        onSortModelChange={grid.onSortModelChange}
        filterModel={grid.filterModel}
        onFilterModelChange={grid.onFilterModelChange}
        disableColumnFilter
        disableRowSelectionOnClick
        localeText={{ ...GRID_TEXTS[locale], noRowsLabel: emptyText }}
        nonce={PAGE_NONCE}
        columnVisibilityModel={columnVisibilityModel}
        onRowClick={onRowClick ? (params: GridRowParams<Row>) => onRowClick(params.row) : undefined}
        checkboxSelection={selection !== undefined}
        keepNonExistentRowsSelected
        rowSelectionModel={selection?.model}
        onRowSelectionModelChange={selection?.onChange}
        autoHeight
        sx={{
          bgcolor: 'background.paper',
          '& .MuiDataGrid-row': { cursor: onRowClick ? 'pointer' : 'default' },
        }}
      />
    </Stack>
  );
}
