import fs from 'node:fs/promises';
import path from 'node:path';
import { isBackupFileName } from './backup-format.js';

/** A partial file older than this was left by a backup that did not finish (a crash): removed. */
const STALE_PARTIAL_MS = 24 * 60 * 60 * 1000;

/**
 * Keeps the newest `keep` backups of `dir` and removes the older ones (names sort as their times),
 * with partial files left by backups that died. Other files in the folder are left alone. Answers the
 * names removed.
 */
export async function pruneBackups(dir: string, keep: number, now = Date.now()): Promise<string[]> {
  const names = await fs.readdir(dir);
  const backups = names.filter(isBackupFileName).sort();
  const old = backups.slice(0, Math.max(0, backups.length - keep));
  const partials: string[] = [];
  for (const name of names.filter((entry) => entry.startsWith('.fuliaotong-backup-') && entry.endsWith('.partial'))) {
    const stat = await fs.stat(path.join(dir, name)).catch(() => undefined);
    if (stat && now - stat.mtimeMs > STALE_PARTIAL_MS) partials.push(name);
  }
  for (const name of [...old, ...partials]) await fs.rm(path.join(dir, name), { force: true });
  return [...old, ...partials];
}
