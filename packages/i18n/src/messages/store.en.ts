/** Store texts. Keys are semantic (`store.section.what`); every key has a zh twin. */
export const storeEn = {
  'store.name': 'Store',
};
