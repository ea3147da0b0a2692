import { z } from 'zod';

/** `?livemode=false` selects test mode; like the client, an absent flag means live mode. */
export const livemodeQuery = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value !== 'false' && value !== '0');
