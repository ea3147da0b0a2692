import { vi } from 'vitest';

/**
 * jsdom saves no files: from now on, each file a page saves (an export's blob) is kept in the
 * array this answers instead. `vi.restoreAllMocks()` ends it.
 */
export function catchSavedFiles(): Blob[] {
  const saved: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    saved.push(blob as Blob);
    return 'blob:export';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return saved;
}
