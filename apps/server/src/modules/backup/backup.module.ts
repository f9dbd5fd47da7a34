import { writeBackup } from '../../db/backup/write-backup.js';
import { pruneBackups } from '../../db/backup/backup-retention.js';
import { defineModule } from '../../kernel/module.js';

const HOUR = 60 * 60 * 1000;

declare module '../../kernel/module.js' {
  interface ModuleOptions {
    /**
     * Scheduled backups (docs/decisions/0057): one into `dir` every `everyMs`, the newest `keep` kept.
     * Unset (no BACKUP_DIR): none; a process without it never takes a turn of the job.
     */
    backup?: { dir: string; keep: number; everyMs: number };
  }
}

/** Writes a backup of the whole database on a schedule and removes those beyond the number kept. */
export const backupModule = defineModule({
  name: 'backup',
  jobs: ({ db, dbKind, migrationsSchema, options, logger }) => {
    const settings = options.backup;
    if (!settings) return [];
    const log = logger.child({ module: 'backup' });
    return [
      {
        name: 'backup.scheduled',
        everyMs: settings.everyMs,
        // A large database takes minutes: no other process takes the turn over while this one writes.
        leaseMs: 6 * HOUR,
        run: async () => {
          const outcome = await writeBackup({ db, kind: dbKind, migrationsSchema }, settings.dir);
          const removed = await pruneBackups(settings.dir, settings.keep);
          log.info(
            { file: outcome.file, bytes: outcome.bytes, tables: outcome.tables, rows: outcome.rows, ms: Math.round(outcome.ms), removed },
            `backup written: ${outcome.file}`,
          );
        },
      },
    ];
  },
});
