import type { storeEn } from './store.en.ts';

export const storeZh: Record<keyof typeof storeEn, string> = {
  'store.name': '应用商店',
};
