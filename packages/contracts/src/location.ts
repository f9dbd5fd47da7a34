import { z } from 'zod';

/** The caller's region from its IP address (offline ip2region data); nulls when unknown. */
export const LocationResult = z
  .object({
    province: z.string().nullable(),
    city: z.string().nullable(),
    regionCodes: z.array(z.string()).describe('Administrative-division codes of province (and city) when known'),
  })
  .meta({ id: 'LocationResult' });
export type LocationResult = z.infer<typeof LocationResult>;
