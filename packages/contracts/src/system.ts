import { z } from 'zod';
import { text } from './text.js';

export const DatabaseKind = z.enum(['pglite', 'postgres']);
export type DatabaseKind = z.infer<typeof DatabaseKind>;

export const HealthResponse = z
  .object({
    status: z.literal('ok'),
    db: DatabaseKind,
    build: z.string().describe('Id of the web build this process serves'),
  })
  .meta({ id: 'HealthResponse' });
export type HealthResponse = z.infer<typeof HealthResponse>;

/** Latest build info, polled by the web client to detect a new deployment. */
export const BuildInfo = z
  .object({
    id: z.string(),
    timestamp: z.number().int().describe('Build time, milliseconds since the epoch'),
  })
  .meta({ id: 'BuildInfo' });
export type BuildInfo = z.infer<typeof BuildInfo>;

/** The manifest of one build: what the client needs to know about it. */
export const BuildManifest = z
  .object({
    id: z.string(),
    timestamp: z.number().int(),
    prerendered: z.array(z.string()).describe('Paths served as prerendered payloads (none today)'),
  })
  .meta({ id: 'BuildManifest' });
export type BuildManifest = z.infer<typeof BuildManifest>;

export const BuildIdParams = z.object({ id: text().regex(/^[\w.-]{1,64}$/) });
