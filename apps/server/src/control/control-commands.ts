import { z } from 'zod';
import { GrantStaffRequest, grantStaffRoles, StaffCommandError } from './staff-command.js';
import type { StaffRepository } from './staff.repository.js';
import type { ControlAnswer } from './control-socket.js';

/** Every request of the control channel: one command, `grant-staff` (what `npm run create-staff` asks). */
export const ControlRequest = z.discriminatedUnion('command', [GrantStaffRequest.extend({ command: z.literal('grant-staff') })]);
export type ControlRequest = z.infer<typeof ControlRequest>;

/** Carries out a request of the control channel on the server's database. */
export function controlCommands(staff: StaffRepository): (request: unknown) => Promise<ControlAnswer> {
  return async (request) => {
    const parsed = ControlRequest.safeParse(request);
    if (!parsed.success) return { ok: false, message: `无法识别的请求：${parsed.error.issues[0]?.message ?? ''}` };
    const { command: _command, ...grant } = parsed.data;
    try {
      return { ok: true, answer: await grantStaffRoles(staff, grant) };
    } catch (error) {
      if (error instanceof StaffCommandError) return { ok: false, message: error.message };
      throw error;
    }
  };
}
