import { useCallback, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { DonateSettings, Setting, StartCheckoutResponse, Supporter } from '@bazaar/schemas';
import { usePaymentContext } from '../provider/payment-context.ts';
import { ConfigureDonationsButton, DonationsOffNotice, useCanConfigureDonations } from './donation-admin.tsx';
import { DEFAULT_CLOSE_TIMEOUT_MS, DonateDialog } from './donate-dialog.tsx';
import { DonateTrigger } from './donate-trigger.tsx';
import { AVATAR_SIZE, SUMMARY_AVATARS, SupporterAvatars } from './supporter-avatars.tsx';
import { SupporterTable } from './supporter-table.tsx';
import { formatTotal, SupportersHeadline } from './supporters-headline.tsx';
import { useDonateSetting, type DonateSettingInput } from './use-donate-setting.ts';
import { useDonation, type Donation } from './use-donation.ts';
import { useNearView } from './use-near-view.ts';

/** What a `custom` widget's render function receives. */
export type DonateRender = (
  open: () => void,
  totalAmount: string,
  supporters: readonly Supporter[],
  loading: boolean,
  settings: DonateSettings,
) => ReactNode;

export interface DonateButtonProps {
  /** Where in the app the widget sits (`store/home`, `store/app`): one setting per place and mode. */
  mountLocation: string;
  /** What the donations go to (an app's DID, a post's id): one donation link and one supporters list per target. */
  target: string;
  /** The embedding component's id in the platform's registry. */
  componentDid: string;
  description?: string;
  /** The setting made the first time this mount location is seen; owners change it afterwards. */
  defaultSettings?: DonateSettingInput['defaultSettings'];
  /** `default`: button and supporters; `inline`: a Tip button with a summary popover; `custom`: `render`. */
  mode?: 'default' | 'inline' | 'custom';
  render?: DonateRender;
  inlineOptions?: { button?: { text?: string } };
  /** Milliseconds the dialog stays open after payment. */
  timeout?: number;
  /** The provider's mode unless given. */
  livemode?: boolean;
  onPaid?: (checkout: StartCheckoutResponse) => void;
  onError?: (error: unknown) => void;
}

/**
 * The donation widget any app of the platform embeds:
 * `<DonateButton mountLocation="store/app" target={app.did} componentDid={COMPONENT_IDS.store} />`.
 * It renders nothing until its setting is known, nothing where donations are off (an owner sees
 * the switch instead), and nothing when the donation cannot be loaded.
 */
export function DonateButton(props: DonateButtonProps) {
  const context = usePaymentContext();
  const livemode = props.livemode ?? context.livemode;
  const { query, enable } = useDonateSetting({
    mountLocation: props.mountLocation,
    componentDid: props.componentDid,
    description: props.description,
    defaultSettings: props.defaultSettings,
    livemode,
  });
  const canConfigure = useCanConfigureDonations();
  const setting = query.data;
  if (!setting) return null;
  if (!setting.active) {
    return canConfigure ? (
      <DonationsOffNotice
        isEnabling={enable.isPending}
        error={enable.error}
        onEnable={() => enable.mutate(setting)}
      />
    ) : null;
  }
  return <ActiveDonateButton {...props} setting={setting} canConfigure={canConfigure} />;
}

function ActiveDonateButton(props: DonateButtonProps & { setting: Setting; canConfigure: boolean }) {
  const { setting, canConfigure, mode = 'default', timeout = DEFAULT_CLOSE_TIMEOUT_MS } = props;
  const { t } = usePaymentContext();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('md'));
  const rootRef = useRef<HTMLDivElement>(null);
  const [isClicked, setIsClicked] = useState(false);
  const [isOpen, setIsOpen] = useState(false);
  const [popoverAnchor, setPopoverAnchor] = useState<HTMLElement | null>(null);
  // An inline widget waits for its click; the others load once they come near view.
  const isNear = useNearView(rootRef, { isEnabled: mode !== 'inline', isPhone });
  const donation = useDonation({
    setting,
    target: props.target,
    description: props.description ?? '',
    isWanted: isNear || isClicked,
  });
  const { settings } = setting;
  const buttonText = settings.appearance.button.text || t('payment.donate.button');
  const close = useCallback(() => setIsOpen(false), []);
  const open = () => {
    setIsClicked(true);
    donation.reload();
    setPopoverAnchor(null);
    setIsOpen(true);
  };

  if (donation.link.isError) return null;
  const adminAction = canConfigure ? <ConfigureDonationsButton /> : null;
  const dialog = (
    <DonateDialog
      open={isOpen}
      title={settings.title || buttonText}
      livemode={setting.livemode}
      donation={donation}
      adminAction={adminAction}
      isPhone={isPhone}
      timeout={timeout}
      onClose={close}
      onPaid={props.onPaid}
      onError={props.onError}
    />
  );

  if (mode === 'custom') {
    return (
      <Box ref={rootRef}>
        {typeof props.render === 'function' ? (
          props.render(
            open,
            donation.totals ? formatTotal(donation.totals) : '',
            donation.supporters,
            donation.isLoading,
            settings,
          )
        ) : (
          <Typography color="error">{t('payment.donate.invalidRender')}</Typography>
        )}
        {dialog}
      </Box>
    );
  }

  const button = (text: string, onClick: (event: MouseEvent<HTMLButtonElement>) => void) => (
    <DonateTrigger appearance={settings.appearance} text={text} onClick={onClick} />
  );

  if (mode === 'inline') {
    const tipText = props.inlineOptions?.button?.text || t('payment.donate.tip');
    return (
      <Box ref={rootRef} sx={{ display: 'inline-flex' }}>
        {button(tipText, (event) => {
          setIsClicked(true);
          setPopoverAnchor(event.currentTarget);
        })}
        <Popover
          open={popoverAnchor !== null}
          anchorEl={popoverAnchor}
          onClose={() => setPopoverAnchor(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
          slotProps={{ paper: { sx: { p: 2, width: 320, maxWidth: 'calc(100vw - 32px)' } } }}
        >
          <Stack spacing={1.5}>
            <SupportersSummary donation={donation} />
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              {button(tipText, open)}
              {adminAction}
            </Stack>
          </Stack>
        </Popover>
        {dialog}
      </Box>
    );
  }

  return (
    <Stack ref={rootRef} spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {button(buttonText, open)}
        {adminAction}
      </Stack>
      {settings.appearance.history.variant === 'table' ? (
        <SupporterTable donation={donation} />
      ) : (
        <SupportersSummary donation={donation} />
      )}
      {dialog}
    </Stack>
  );
}

/** The newest supporters' faces and the totals; a click lists them all. */
function SupportersSummary({ donation }: { donation: Donation }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { t } = usePaymentContext();
  const totals = donation.totals;
  if (!totals) return null;
  if (totals.count === 0) return <SupportersHeadline totals={totals} />;
  return (
    <>
      <Stack
        component="button"
        type="button"
        direction="row"
        spacing={1}
        aria-label={t('payment.donate.supporters', { count: totals.count })}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{
          alignItems: 'center',
          border: 0,
          p: 0,
          bgcolor: 'transparent',
          cursor: 'pointer',
          font: 'inherit',
        }}
      >
        <SupporterAvatars
          supporters={donation.supporters}
          count={totals.count}
          max={SUMMARY_AVATARS}
          size={AVATAR_SIZE.summary}
        />
        <SupportersHeadline totals={totals} />
      </Stack>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { sx: { p: 2, width: 420, maxWidth: 'calc(100vw - 32px)' } } }}
      >
        <SupporterTable donation={donation} />
      </Popover>
    </>
  );
}
