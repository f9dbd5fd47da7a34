import path from 'node:path';
import { z } from 'zod';
import type { BackupOutcome } from '../db/backup/write-backup.js';
import { GrantStaffRequest, grantStaffRoles, StaffCommandError } from './staff-command.js';
import type { StaffRepository } from './staff.repository.js';
import type { ControlAnswer } from './control-socket.js';

/** What `npm run backup` asks of the running server: a backup written into `dir` (an absolute path). */
export const BackupRequest = z.object({
  dir: z.string().min(1).max(4096).refine((dir) => path.isAbsolute(dir), '备份目录须为绝对路径'),
});

/**
 * Every request of the control channel: `grant-staff` (what `npm run create-staff` asks) and `backup`
 * (`npm run backup`: the server writes the file, it holds the embedded database).
 */
export const ControlRequest = z.discriminatedUnion('command', [
  GrantStaffRequest.extend({ command: z.literal('grant-staff') }),
  BackupRequest.extend({ command: z.literal('backup') }),
]);
export type ControlRequest = z.infer<typeof ControlRequest>;

/** What the commands are carried out with: the server's database, through these. */
export interface ControlDependencies {
  staff: StaffRepository;
  backup: (dir: string) => Promise<BackupOutcome>;
}

/** Carries out a request of the control channel on the server's database. */
export function controlCommands(dependencies: ControlDependencies): (request: unknown) => Promise<ControlAnswer> {
  return async (request) => {
    const parsed = ControlRequest.safeParse(request);
    if (!parsed.success) return { ok: false, message: `无法识别的请求：${parsed.error.issues[0]?.message ?? ''}` };
    const asked = parsed.data;
    try {
      if (asked.command === 'backup') return { ok: true, answer: await dependencies.backup(asked.dir) };
      const { command: _command, ...grant } = asked;
      return { ok: true, answer: await grantStaffRoles(dependencies.staff, grant) };
    } catch (error) {
      if (error instanceof StaffCommandError) return { ok: false, message: error.message };
      throw error;
    }
  };
}
