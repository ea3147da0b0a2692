import { useEffect, useState } from 'react';
import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useTranslate } from '@bazaar/payment-react';
import type { ServerGrid } from './use-server-grid.ts';

const SEARCH_DELAY_MS = 300;

/**
 * The list's search box: the address (and so the request) follows once typing pauses. `label`
 * says what it finds when that is one thing ("Object ID"); "Search" unless told.
 */
export function GridSearchField({ grid, label }: { grid: ServerGrid; label?: string }) {
  const t = useTranslate();
  const [text, setText] = useState(grid.search);
  const { search, setSearch } = grid;
  useEffect(() => {
    if (text.trim() === search) return undefined;
    const timer = setTimeout(() => setSearch(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, search, setSearch]);

  return (
    <TextField
      size="small"
      type="search"
      label={label ?? t('payment.admin.grid.search')}
      value={text}
      onChange={(event) => setText(event.target.value)}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ width: { sm: 320 } }}
    />
  );
}
