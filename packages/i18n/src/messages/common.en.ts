export const commonEn = {
  'common.testMode': 'Test mode',
  'common.loading': 'Loading…',
  'common.retry': 'Try again',
  'common.cancel': 'Cancel',
  'common.unknownError': 'Unknown error',
  'common.language': 'Language',
  'common.table.rowsPerPage': 'Rows per page',
  'common.table.displayedRows': '{from}–{to} of {count}',
  'common.table.firstPage': 'Go to first page',
  'common.table.lastPage': 'Go to last page',
  'common.table.nextPage': 'Go to next page',
  'common.table.previousPage': 'Go to previous page',
};
