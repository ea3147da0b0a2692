/** Platform texts. Keys are semantic (`platform.section.what`); every key has a zh twin. */
export const platformEn = {
  'platform.name': 'Bazaar',
};
