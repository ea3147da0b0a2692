import { createContext, useContext } from 'react';
import type { Locale } from '@bazaar/i18n';
import type { PlatformConfig } from '../platform-config.ts';

export interface ShellContextValue {
  platform: PlatformConfig;
  locale: Locale;
  setLocale: (locale: Locale) => void;
  setLivemode: (livemode: boolean) => void;
}

export const ShellContext = createContext<ShellContextValue | null>(null);

export function useShell(): ShellContextValue {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShell must be used inside <App>');
  return value;
}
