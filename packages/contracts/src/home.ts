import { z } from 'zod';
import { NewsSummary, RegulationSummary } from './article.js';
import { ExcipientSummary } from './excipient.js';
import { DatabaseInfo } from './reference.js';

/** `GET /api/app/home`: what the home page shows, in one call. */
export const HomeData = z
  .object({
    featured: z.array(ExcipientSummary),
    databases: z.array(DatabaseInfo),
    news: z.array(NewsSummary),
    regulations: z.array(RegulationSummary),
    excipientCount: z.number().int(),
  })
  .meta({ id: 'HomeData' });
export type HomeData = z.infer<typeof HomeData>;
