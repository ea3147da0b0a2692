import {
  Box,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { MouseEvent, ReactNode } from 'react';

export interface DataColumn<Row> {
  id: string;
  label: string;
  render(row: Row): ReactNode;
  /** Keeps the cell on one line (dates, states), so a narrow screen does not break it per word. */
  isNoWrap?: boolean;
}

interface DataTableProps<Row> {
  /** Names the table (or the list on phones) for assistive technology. */
  label: string;
  columns: Array<DataColumn<Row>>;
  rows: Row[];
  rowKey(row: Row): string;
  /** A row's buttons: the last column on wide screens, under the row's facts on phones. */
  actions?(row: Row): ReactNode;
  actionsLabel?: string;
  isBusy?: boolean;
  /**
   * Opens the row (an app's page) on a click anywhere in it but its own links and buttons. The
   * row should also hold a link to the same place, which keyboards and screen readers use.
   */
  onRowClick?(row: Row): void;
}

/** Whether a click landed on one of the row's own controls, which keep their own meaning. */
function isOnControl(event: MouseEvent): boolean {
  return (
    event.target instanceof Element &&
    event.target.closest('a, button, input, select, textarea, label') !== null
  );
}

/** The row's click handler, or none for a list whose rows do not open. */
function rowClickHandler<Row>(row: Row, onRowClick: ((row: Row) => void) | undefined) {
  if (!onRowClick) return undefined;
  return (event: MouseEvent) => {
    if (!isOnControl(event)) onRowClick(row);
  };
}

/**
 * Rows as a table on wide screens, and as stacked cards (label above value) on phones, where a
 * table of five columns cannot fit.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  return isPhone ? <StackedRows {...props} /> : <WideTable {...props} />;
}

function WideTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  actions,
  actionsLabel,
  isBusy,
  onRowClick,
}: DataTableProps<Row>) {
  return (
    <TableContainer aria-busy={isBusy}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.id}>{column.label}</TableCell>
            ))}
            {actions ? <TableCell align="right">{actionsLabel}</TableCell> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow
              key={rowKey(row)}
              hover={Boolean(onRowClick)}
              onClick={rowClickHandler(row, onRowClick)}
              sx={onRowClick ? { cursor: 'pointer' } : undefined}
            >
              {columns.map((column) => (
                <TableCell
                  key={column.id}
                  sx={column.isNoWrap ? { whiteSpace: 'nowrap' } : { wordBreak: 'break-word' }}
                >
                  {column.render(row)}
                </TableCell>
              ))}
              {actions ? (
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {actions(row)}
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function StackedRows<Row>({
  label,
  columns,
  rows,
  rowKey,
  actions,
  isBusy,
  onRowClick,
}: DataTableProps<Row>) {
  return (
    <Stack
      component="ul"
      aria-label={label}
      aria-busy={isBusy}
      spacing={1.5}
      sx={{ m: 0, p: 0, listStyle: 'none' }}
    >
      {rows.map((row) => (
        <Paper
          key={rowKey(row)}
          component="li"
          variant="outlined"
          onClick={rowClickHandler(row, onRowClick)}
          sx={{ p: 2, cursor: onRowClick ? 'pointer' : undefined }}
        >
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(88px, auto) 1fr', gap: 1 }}
          >
            {columns.map((column) => (
              <Box key={column.id} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {column.label}
                </Typography>
                <Box component="dd" sx={{ m: 0, minWidth: 0, wordBreak: 'break-word' }}>
                  {column.render(row)}
                </Box>
              </Box>
            ))}
          </Box>
          {actions ? (
            <Stack direction="row" sx={{ mt: 1.5, flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
              {actions(row)}
            </Stack>
          ) : null}
        </Paper>
      ))}
    </Stack>
  );
}
