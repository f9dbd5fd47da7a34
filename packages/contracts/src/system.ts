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

/** What a load balancer asks before it sends a process requests: each of these must hold. */
export const ReadyResponse = z
  .object({
    status: z.literal('ready'),
    checks: z
      .object({
        database: z.literal(true).describe('The database answers'),
        migrations: z.literal(true).describe('The database has every migration this process knows'),
        signals: z.literal(true).describe("This process hears the other processes' signals (content changes, log-outs)"),
      })
      .describe('Every check, all true in a 200; a 503 names the first that failed'),
  })
  .meta({ id: 'ReadyResponse' });
export type ReadyResponse = z.infer<typeof ReadyResponse>;

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
