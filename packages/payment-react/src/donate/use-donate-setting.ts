import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Setting } from '@bazaar/schemas';
import { queryKeys } from '../api/query-keys.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import { createOrReturnSetting, setSettingActive, type CreateSettingBody } from './donate-api.ts';
import { readCachedSetting, SETTING_CACHE_MS, writeCachedSetting } from './setting-cache.ts';

export type DonateSettingInput = Omit<CreateSettingBody, 'type' | 'active'>;

/**
 * The donation setting of the widget's mount location in its mode: read from this browser's
 * hour-old copy when there is one, else made or read back by `POST /settings`. `enable` turns an
 * inactive one on (owners and admins).
 */
export function useDonateSetting(input: DonateSettingInput) {
  const { api, storage } = usePaymentContext();
  const queryClient = useQueryClient();
  const { mountLocation, livemode } = input;
  const queryKey = queryKeys.donateSetting(mountLocation, livemode);

  const query = useQuery({
    queryKey,
    queryFn: async () => {
      const cached = readCachedSetting(storage, { mountLocation, livemode }, Date.now());
      if (cached) return cached;
      const setting = await createOrReturnSetting(api, { ...input, type: 'donate' });
      writeCachedSetting(storage, setting, Date.now());
      return setting;
    },
    staleTime: SETTING_CACHE_MS,
    retry: false,
    refetchOnWindowFocus: false,
  });

  const enable = useMutation({
    mutationFn: (setting: Setting) => setSettingActive(api, setting.id, true),
    onSuccess: (setting) => {
      writeCachedSetting(storage, setting, Date.now());
      queryClient.setQueryData(queryKey, setting);
    },
  });

  return { query, enable };
}
