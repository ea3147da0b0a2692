import { createContext, useContext } from 'react';
import type { PlatformConfig } from '../platform-config.ts';

export interface AppContextValue {
  platform: PlatformConfig;
  setLivemode: (livemode: boolean) => void;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useAppContext(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useAppContext must be used inside <App>');
  return value;
}
