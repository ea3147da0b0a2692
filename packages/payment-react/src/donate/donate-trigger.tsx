import type { MouseEvent } from 'react';
import Button from '@mui/material/Button';
import FavoriteBorderRoundedIcon from '@mui/icons-material/FavoriteBorderRounded';
import type { DonateSettings } from '@bazaar/schemas';

/** The button that opens a donation, as the setting's appearance asks: text, icon, size, colour, variant. */
export function DonateTrigger(props: {
  appearance: DonateSettings['appearance'];
  text: string;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
}) {
  const { button } = props.appearance;
  return (
    <Button
      variant={button.variant}
      color={button.color}
      size={button.size}
      startIcon={
        button.icon ? <img src={button.icon} alt="" width={18} height={18} /> : <FavoriteBorderRoundedIcon />
      }
      onClick={props.onClick}
    >
      {props.text}
    </Button>
  );
}
