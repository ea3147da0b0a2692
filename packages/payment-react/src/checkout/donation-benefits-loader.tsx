import { use, type ComponentProps } from 'react';
import type * as BenefitsModule from './donation-benefits.tsx';

let benefitsModule: Promise<typeof BenefitsModule> | undefined;
/**
 * Only a donation link that names beneficiaries shows them, so their avatars and list load once
 * the server has listed some. Both parts read one promise: the toggle waits for it, and by the
 * time it is clicked the list renders at once (a `lazy()` of its own would suspend for a frame
 * while the form is already hidden).
 */
const loadBenefits = () => (benefitsModule ??= import('./donation-benefits.tsx'));

export function BenefitsToggle(props: ComponentProps<typeof BenefitsModule.BenefitsToggle>) {
  const { BenefitsToggle: Toggle } = use(loadBenefits());
  return <Toggle {...props} />;
}

export function BenefitsView(props: ComponentProps<typeof BenefitsModule.BenefitsView>) {
  const { BenefitsView: View } = use(loadBenefits());
  return <View {...props} />;
}
