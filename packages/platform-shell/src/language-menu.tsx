import { useState } from 'react';
import TranslateRoundedIcon from '@mui/icons-material/TranslateRounded';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import { LanguageMenuItems } from './language-menu-items.tsx';
import { LANGUAGE_NAMES } from './language-names.ts';
import { useShell } from './shell-context.ts';

/** The header's language switch: the current language, and a menu of the others. */
export function LanguageMenu() {
  const { t, locale } = useShell();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        color="inherit"
        size="small"
        startIcon={<TranslateRoundedIcon fontSize="small" />}
        // The visible language name stays part of the accessible name, as speech input users say what they see.
        aria-label={`${t('common.language')}: ${LANGUAGE_NAMES[locale]}`}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ color: 'text.secondary', minWidth: 0 }}
      >
        <span>{LANGUAGE_NAMES[locale]}</span>
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <LanguageMenuItems onChosen={() => setAnchor(null)} />
      </Menu>
    </>
  );
}
