import type { platformEn } from './platform.en.ts';

export const platformZh: Record<keyof typeof platformEn, string> = {
  'platform.name': 'Bazaar',
};
