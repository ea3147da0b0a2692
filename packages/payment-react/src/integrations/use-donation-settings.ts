import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DonateSettings, Setting } from '@bazaar/schemas';
import { queryKeys } from '../api/query-keys.ts';
import { listDonationSettings, setSettingActive, updateSettingAt } from '../donate/donate-api.ts';
import { writeCachedSetting } from '../donate/setting-cache.ts';
import { usePaymentContext } from '../provider/payment-context.ts';

type SettingList = { list: Setting[] };

function replaceSetting(data: SettingList | undefined, setting: Setting): SettingList | undefined {
  return data && { list: data.list.map((each) => (each.id === setting.id ? setting : each)) };
}

/** Every donation setting of a mode, for an admin; `isEnabled` waits until the user is known to be one. */
export function useDonationSettings(livemode: boolean, isEnabled: boolean) {
  const { api } = usePaymentContext();
  return useQuery({
    queryKey: queryKeys.donationSettings(livemode),
    queryFn: () => listDonationSettings(api, livemode),
    enabled: isEnabled,
    retry: false,
  });
}

/**
 * Turns a setting on or off. The switch moves at once; a refusal puts that setting back (the
 * caller says why) and reads the list again, so it shows what the server holds.
 */
export function useSetSettingActive(livemode: boolean) {
  const { api, storage } = usePaymentContext();
  const queryClient = useQueryClient();
  const key = queryKeys.donationSettings(livemode);
  return useMutation({
    mutationFn: ({ setting, active }: { setting: Setting; active: boolean }) =>
      setSettingActive(api, setting.id, active),
    onMutate: async ({ setting, active }) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<SettingList>(key, (data) => replaceSetting(data, { ...setting, active }));
    },
    onError: (_error, { setting }) => {
      queryClient.setQueryData<SettingList>(key, (data) => replaceSetting(data, setting));
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onSuccess: (setting) => {
      queryClient.setQueryData<SettingList>(key, (data) => replaceSetting(data, setting));
      // This browser's widgets show the change now rather than after their hour-long cache.
      writeCachedSetting(storage, setting, Date.now());
    },
  });
}

/** Saves a setting's new settings by its mount location; the list shows the answer. */
export function useUpdateSetting(livemode: boolean) {
  const { api, storage } = usePaymentContext();
  const queryClient = useQueryClient();
  const key = queryKeys.donationSettings(livemode);
  return useMutation({
    mutationFn: ({ setting, settings }: { setting: Setting; settings: DonateSettings }) =>
      updateSettingAt(api, setting.mount_location, { livemode: setting.livemode, settings }),
    onSuccess: (setting) => {
      queryClient.setQueryData<SettingList>(key, (data) => replaceSetting(data, setting));
      // This browser's widgets show the change now rather than after their hour-long cache.
      writeCachedSetting(storage, setting, Date.now());
    },
  });
}
