import { z } from 'zod';

/** Where a payer's last donation choice is kept: one entry per user, one shared by guests. */
function donationPreferenceKey(did: string | null): string {
  return did ? `payment-donation-preset:${did}` : 'payment-donation-preset';
}

const donationChoiceSchema = z.object({
  kind: z.enum(['preset', 'custom']),
  /** Smallest unit, in `currencyId`: amounts of another currency mean nothing here. */
  amount: z.string().regex(/^\d+$/),
  currencyId: z.string(),
});
export type DonationChoice = z.infer<typeof donationChoiceSchema>;

/** The remembered choice, or null when there is none, it is unreadable or storage is blocked. */
export function readDonationPreference(storage: Storage | null, did: string | null): DonationChoice | null {
  if (!storage) return null;
  try {
    const parsed = donationChoiceSchema.safeParse(
      JSON.parse(storage.getItem(donationPreferenceKey(did)) ?? 'null'),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Remembers the choice for the next donation; a full or blocked storage only loses the hint. */
export function storeDonationPreference(
  storage: Storage | null,
  did: string | null,
  choice: DonationChoice,
): void {
  if (!storage) return;
  try {
    storage.setItem(donationPreferenceKey(did), JSON.stringify(choice));
  } catch {
    // The preference is a convenience; donating must not depend on it.
  }
}
