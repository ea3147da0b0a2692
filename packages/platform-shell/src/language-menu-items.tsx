import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { LOCALES } from '@bazaar/i18n';
import { LANGUAGE_NAMES } from './language-names.ts';
import { useShell } from './shell-context.ts';

/** One item per language, the current one checked: in the header's switch and the account menu. */
export function LanguageMenuItems({ onChosen }: { onChosen(): void }) {
  const { locale, setLocale } = useShell();
  return LOCALES.map((code) => (
    <MenuItem
      key={code}
      selected={code === locale}
      lang={code}
      onClick={() => {
        setLocale(code);
        onChosen();
      }}
    >
      <ListItemIcon>{code === locale ? <CheckRoundedIcon fontSize="small" /> : null}</ListItemIcon>
      <ListItemText>{LANGUAGE_NAMES[code]}</ListItemText>
    </MenuItem>
  ));
}
