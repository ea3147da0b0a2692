import { createTranslator, type Locale, type Translate } from '@bazaar/i18n';
import { Box, Button, ButtonGroup, Card, CardContent, Stack, Typography } from '@mui/material';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { rememberLocale } from './locale.ts';

const LANGUAGES: ReadonlyArray<{ locale: Locale; label: string }> = [
  { locale: 'en', label: 'English' },
  { locale: 'zh', label: '中文' },
];

/** The page's language, which the person may switch; the choice is remembered for the whole site. */
export function useLocaleChoice(initialLocale: Locale) {
  const [locale, setLocale] = useState(initialLocale);
  const t = useMemo(() => createTranslator(locale), [locale]);
  function chooseLocale(next: Locale) {
    rememberLocale(next);
    document.documentElement.lang = next;
    setLocale(next);
  }
  return { locale, t, chooseLocale };
}

interface PageFrameProps {
  t: Translate;
  locale: Locale;
  onLocaleChange(locale: Locale): void;
  title: string;
  subtitle: string;
  children: ReactNode;
}

/** The user service's pages: one centred card under a heading, the language switch below. */
export function PageFrame({ t, locale, onLocaleChange, title, subtitle, children }: PageFrameProps) {
  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <Box sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', px: 2, py: 4 }}>
      <Stack spacing={2} sx={{ width: '100%', maxWidth: 400 }}>
        <Card variant="outlined">
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
            <Stack spacing={3}>
              <Stack spacing={0.5}>
                <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
                  {title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {subtitle}
                </Typography>
              </Stack>
              {children}
            </Stack>
          </CardContent>
        </Card>
        <ButtonGroup
          variant="text"
          size="small"
          sx={{ alignSelf: 'center' }}
          aria-label={t('common.language')}
        >
          {LANGUAGES.map((language) => (
            <Button
              key={language.locale}
              onClick={() => onLocaleChange(language.locale)}
              color={language.locale === locale ? 'primary' : 'inherit'}
              aria-pressed={language.locale === locale}
            >
              {language.label}
            </Button>
          ))}
        </ButtonGroup>
      </Stack>
    </Box>
  );
}
