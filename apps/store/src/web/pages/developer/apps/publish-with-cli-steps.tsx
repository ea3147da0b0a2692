import type { MessageKey } from '@bazaar/i18n';
import { useLocale } from '@bazaar/platform-shell';
import { Box, Link, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

interface Step {
  text: MessageKey;
  command?: string;
  /** A page of the Store that does this step in the browser. */
  link?: { to: string; label: MessageKey };
}

/** How an app gets here: the bazaar CLI makes, bundles and uploads it; the review happens on this page. */
const STEPS: Step[] = [
  {
    text: 'store.apps.cli.connect',
    command: 'npx bazaar connect',
    link: { to: '/connect-cli', label: 'store.apps.cli.connectLink' },
  },
  {
    text: 'store.apps.cli.init',
    command: 'npx bazaar init',
    link: { to: '/gen-key-pair', label: 'store.apps.cli.keyLink' },
  },
  { text: 'store.apps.cli.bundle', command: 'bazaar bundle' },
  { text: 'store.apps.cli.upload', command: 'bazaar upload' },
  { text: 'store.apps.cli.review' },
];

function CommandLine({ command }: { command: string }) {
  return (
    <Box
      component="code"
      sx={{
        display: 'inline-block',
        px: 1,
        py: 0.5,
        borderRadius: 1,
        bgcolor: 'action.hover',
        fontFamily: 'monospace',
        wordBreak: 'break-all',
      }}
    >
      {command}
    </Box>
  );
}

/** The developer's empty list: no app yet, and the command-line steps that publish one. */
export function PublishWithCliSteps() {
  const { t } = useLocale();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 600 }}>
          {t('store.apps.developer.empty.title')}
        </Typography>
        <Typography color="text.secondary">{t('store.apps.developer.empty.description')}</Typography>
        <Stack component="ol" spacing={1.5} sx={{ m: 0, pl: 3 }}>
          {STEPS.map((step) => (
            <li key={step.text}>
              <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                <Typography>{t(step.text)}</Typography>
                {step.command ? <CommandLine command={step.command} /> : null}
                {step.link ? (
                  <Link component={RouterLink} to={step.link.to}>
                    {t(step.link.label)}
                  </Link>
                ) : null}
              </Stack>
            </li>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
