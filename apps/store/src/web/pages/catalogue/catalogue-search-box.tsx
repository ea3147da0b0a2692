import { useLocale } from '@bazaar/platform-shell';
import { CATALOGUE_KEYWORD_MAX_LENGTH } from '@bazaar/schemas';
import { TextField } from '@mui/material';
import { useEffect, useState } from 'react';

/** The spec's search debounce: the catalogue is asked once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Runs the latest task it was given once no other came for `delayMs`; `cancel` drops it. */
function createDebouncer(delayMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    run(task: () => void) {
      clearTimeout(timer);
      timer = setTimeout(task, delayMs);
    },
    cancel() {
      clearTimeout(timer);
    },
  };
}

interface CatalogueSearchBoxProps {
  /** The keyword the address holds. */
  keyword: string;
  onSearch(keyword: string): void;
}

/**
 * The catalogue's search box. What is typed shows at once and goes to the address once typing
 * pauses; a keyword the address gets another way (back, a link, clearing the filters) replaces it.
 */
export function CatalogueSearchBox({ keyword, onSearch }: CatalogueSearchBoxProps) {
  const { t } = useLocale();
  const [debouncer] = useState(() => createDebouncer(SEARCH_DEBOUNCE_MS));
  // What is typed, and the address's keyword when it was: the address lags it until the pause.
  const [draft, setDraft] = useState<{ text: string; typedOver: string } | null>(null);
  useEffect(() => () => debouncer.cancel(), [debouncer]);

  const isDraftCurrent = draft !== null && (keyword === draft.typedOver || keyword === draft.text.trim());
  const value = isDraftCurrent ? draft.text : keyword;
  return (
    <TextField
      type="search"
      label={t('store.catalogue.search.label')}
      placeholder={t('store.catalogue.search.placeholder')}
      value={value}
      onChange={(event) => {
        const text = event.target.value;
        setDraft({ text, typedOver: keyword });
        debouncer.run(() => onSearch(text.trim()));
      }}
      slotProps={{ htmlInput: { maxLength: CATALOGUE_KEYWORD_MAX_LENGTH } }}
      fullWidth
    />
  );
}
