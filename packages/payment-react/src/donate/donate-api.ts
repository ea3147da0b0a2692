import {
  donationSchema,
  donationSupportersSchema,
  settingSchema,
  type createDonationBodySchema,
  type createSettingBodySchema,
  type DonateSettings,
} from '@bazaar/schemas';
import { z } from 'zod';
import type { ApiClient } from '../api/api-client.ts';

export type CreateSettingBody = z.input<typeof createSettingBodySchema>;
export type CreateDonationBody = z.input<typeof createDonationBodySchema>;

/** The setting of a mount location in a mode: made from the defaults the first time, as it stands after. */
export function createOrReturnSetting(api: ApiClient, body: CreateSettingBody) {
  return api('/api/settings', { method: 'POST', body, schema: settingSchema });
}

/** Every donation setting of a mode (owners and admins). */
export function listDonationSettings(api: ApiClient, livemode: boolean) {
  return api('/api/donation-settings', {
    query: { livemode: String(livemode) },
    schema: z.object({ list: z.array(settingSchema) }),
  });
}

/** New settings for a mount location's setting (owners and admins). */
export function updateSettingAt(
  api: ApiClient,
  mountLocation: string,
  body: { livemode: boolean; settings: DonateSettings; active?: boolean },
) {
  return api(`/api/settings/${encodeURIComponent(mountLocation)}`, {
    method: 'PUT',
    body,
    schema: settingSchema,
  });
}

/** Turns a setting on or off (owners and admins). */
export function setSettingActive(api: ApiClient, id: string, active: boolean) {
  return api(`/api/settings/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: { active },
    schema: settingSchema,
  });
}

/** The donation link of a target, made on first use. */
export function createOrReturnDonation(api: ApiClient, livemode: boolean, body: CreateDonationBody) {
  return api('/api/donations', {
    method: 'POST',
    query: { livemode: String(livemode) },
    body,
    schema: donationSchema,
  });
}

/** A page of a target's supporters, newest first, with its totals. */
export function fetchSupporters(
  api: ApiClient,
  input: { target: string; livemode: boolean; page?: number; pageSize?: number },
) {
  return api('/api/donations', {
    query: {
      target: input.target,
      livemode: String(input.livemode),
      page: String(input.page ?? 1),
      pageSize: String(input.pageSize ?? 20),
    },
    schema: donationSupportersSchema,
  });
}
