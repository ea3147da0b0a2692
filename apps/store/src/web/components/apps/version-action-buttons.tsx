import type { MessageKey } from '@bazaar/i18n';
import { useLocale } from '@bazaar/platform-shell';
import { Button, type ButtonProps } from '@mui/material';

/** How one action's button reads and looks; `labelFor` names the version for assistive technology. */
export interface ActionButtonLook {
  label: MessageKey;
  /** `'Publish {version}'`: a table holds one such button per version. */
  labelFor: MessageKey;
  variant: ButtonProps['variant'];
  color: ButtonProps['color'];
}

interface VersionActionButtonsProps<Action extends string> {
  version: string;
  /** What the version allows the viewer now, by the server's rules; nothing else is offered. */
  actions: readonly Action[];
  looks: Record<Action, ActionButtonLook>;
  isBusy: boolean;
  onAct(action: Action): void;
}

/** A version's buttons (the developer's or the admin's): one per action its status allows. */
export function VersionActionButtons<Action extends string>({
  version,
  actions,
  looks,
  isBusy,
  onAct,
}: VersionActionButtonsProps<Action>) {
  const { t } = useLocale();
  return actions.map((action) => (
    <Button
      key={action}
      size="small"
      variant={looks[action].variant}
      color={looks[action].color}
      disabled={isBusy}
      onClick={() => onAct(action)}
      aria-label={t(looks[action].labelFor, { version })}
      sx={{ ml: 1 }}
    >
      {t(looks[action].label)}
    </Button>
  ));
}
