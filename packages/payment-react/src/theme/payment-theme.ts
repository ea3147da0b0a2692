import { createTheme, type ThemeOptions } from '@mui/material/styles';

/**
 * A calm, neutral theme in the spirit of hosted checkouts: one accent colour, soft borders,
 * no shadows. Hosts pass their own theme to `PaymentProvider` to override it.
 */
export function createPaymentTheme(overrides: ThemeOptions = {}) {
  return createTheme(
    {
      palette: {
        primary: { main: '#4f46e5' },
        background: { default: '#f6f7f9', paper: '#ffffff' },
        text: { primary: '#1a1f36', secondary: '#5b6478' },
        divider: '#e3e6ec',
      },
      shape: { borderRadius: 8 },
      typography: {
        fontFamily:
          '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", "PingFang SC", "Microsoft YaHei", sans-serif',
        button: { textTransform: 'none', fontWeight: 600 },
      },
      components: {
        // Cards, options and toggles are bare ButtonBases: without this, keyboard focus is invisible on them.
        MuiButtonBase: {
          styleOverrides: {
            root: ({ theme }) => ({
              '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
            }),
          },
        },
        MuiButton: { defaultProps: { disableElevation: true } },
        MuiPaper: { defaultProps: { elevation: 0 } },
        MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
        // Labels sit above their fields at all times: form values filled in programmatically
        // (prefill from the customer record) never reach MUI's own "has a value" state, so a
        // floating label would lie on top of the text.
        MuiInputLabel: { defaultProps: { shrink: true } },
        MuiOutlinedInput: { defaultProps: { notched: true } },
      },
    },
    overrides,
  );
}
