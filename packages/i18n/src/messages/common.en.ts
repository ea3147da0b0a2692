export const commonEn = {
  'common.testMode': 'Test mode',
  'common.loading': 'Loading…',
  'common.retry': 'Try again',
  'common.cancel': 'Cancel',
  'common.unknownError': 'Unknown error',
  'common.language': 'Language',
};
