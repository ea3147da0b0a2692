export { DonateButton, type DonateButtonProps, type DonateRender } from './donate-button.tsx';
export { DonatePreview } from './donate-preview.tsx';
