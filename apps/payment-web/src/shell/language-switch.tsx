import TranslateRoundedIcon from '@mui/icons-material/TranslateRounded';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { LOCALES, type Locale } from '@bazaar/i18n';
import { useTranslate } from '@bazaar/payment-react';
import { useShell } from './shell-context.ts';

/** Each language is named in itself, so anyone can find their own. */
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', zh: '中文' };

export function LanguageSwitch() {
  const t = useTranslate();
  const { locale, setLocale } = useShell();
  return (
    <Select
      size="small"
      variant="standard"
      disableUnderline
      value={locale}
      onChange={(event) => setLocale(event.target.value as Locale)}
      startAdornment={<TranslateRoundedIcon fontSize="small" sx={{ mr: 1, color: 'text.secondary' }} />}
      inputProps={{ 'aria-label': t('common.language') }}
    >
      {LOCALES.map((code) => (
        <MenuItem key={code} value={code}>
          {LANGUAGE_NAMES[code]}
        </MenuItem>
      ))}
    </Select>
  );
}
