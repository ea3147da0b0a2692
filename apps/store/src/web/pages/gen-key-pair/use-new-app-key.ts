import { generateAppKey, serializeAppKeyFile, type AppKey } from '@bazaar/bundle/browser';
import { useCallback, useEffect, useState } from 'react';

export interface NewAppKey {
  appKey: AppKey;
  /** Downloads the key file; made in this page from the key it holds, never uploaded. */
  fileUrl: string;
}

/** A key pair made on demand in the page, with its file's address, released when replaced or left. */
export function useNewAppKey() {
  const [made, setMade] = useState<NewAppKey | null>(null);
  const generate = useCallback(() => {
    const appKey = generateAppKey();
    const file = new Blob([serializeAppKeyFile(appKey)], { type: 'application/json' });
    setMade({ appKey, fileUrl: URL.createObjectURL(file) });
  }, []);
  useEffect(() => {
    if (!made) return;
    return () => URL.revokeObjectURL(made.fileUrl);
  }, [made]);
  return { made, generate };
}
