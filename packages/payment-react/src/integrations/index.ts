export { DonationSettingsPage, type DonationSettingsPageProps } from './donation-settings-page.tsx';
export {
  DonationSettingEditor,
  type DonationSettingEditorProps,
  type RenderSettingPreview,
} from './donation-setting-editor.tsx';
export { useDonationSettings, useSetSettingActive, useUpdateSetting } from './use-donation-settings.ts';
