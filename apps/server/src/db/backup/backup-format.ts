import { z } from 'zod';

/*
 * A backup is one gzip file of lines of JSON (docs/decisions/0057), the same whichever engine wrote it
 * and whichever it is restored into:
 *
 *   {"format":"fuliaotong-backup","version":1,"engine":"pglite","createdAt":…,"migration":{…},"tables":[…]}
 *   {"table":"users"}                      then that table's rows, one JSON object each (row_to_json)
 *   {"id":1,"account":"13800000000",…}
 *   …                                      every table of the header, in its order (foreign keys first)
 *   {"end":true,"sequences":[{"name":"users_id_seq","value":"12","called":true},…]}
 *
 * Generated columns are not written (restore computes them); bytea is hex text, timestamps ISO 8601
 * with their offset, numbers as PostgreSQL prints them (never through a JavaScript number).
 */

export const BACKUP_FORMAT = 'fuliaotong-backup';
/** Raised when a change of the format would mislead an older restore; it refuses versions above its own. */
export const BACKUP_FORMAT_VERSION = 1;

export const BackupHeader = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int().positive(),
  /** The engine the backup was made on (it restores into either). */
  engine: z.enum(['pglite', 'postgres']),
  createdAt: z.string(),
  /** The newest migration applied to the database backed up: restore rebuilds the schema up to it. */
  migration: z.object({ tag: z.string().optional(), when: z.number().int(), hash: z.string() }),
  tables: z.array(z.object({ name: z.string(), columns: z.array(z.string()), rows: z.number().int().nonnegative() })),
});
export type BackupHeader = z.infer<typeof BackupHeader>;

export const BackupSection = z.object({ table: z.string() });

export const BackupEnd = z.object({
  end: z.literal(true),
  sequences: z.array(z.object({ name: z.string(), value: z.string().regex(/^-?\d+$/), called: z.boolean() })),
});
export type BackupEnd = z.infer<typeof BackupEnd>;

/** `fuliaotong-backup-20260314T030000123Z.jsonl.gz`: names sort as their times do. */
const FILE_NAME = /^fuliaotong-backup-(\d{8}T\d{9}Z)\.jsonl\.gz$/;

export function backupFileName(at: Date): string {
  return `fuliaotong-backup-${at.toISOString().replace(/[-:.]/g, '')}.jsonl.gz`;
}

export function isBackupFileName(name: string): boolean {
  return FILE_NAME.test(name);
}

/** The name a backup is written under until it is complete (a leading dot: never taken for a backup). */
export function partialFileName(name: string): string {
  return `.${name}.partial`;
}
