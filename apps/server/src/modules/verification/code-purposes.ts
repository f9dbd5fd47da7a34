import { VERIFICATION_PURPOSES, type VerificationPurpose } from '@fuliaotong/contracts';

/** Codes the server sends on its own, never asked for through send-code: the staff's second log-in step. */
export const SERVER_CODE_PURPOSES = ['staff_login'] as const;
export type ServerCodePurpose = (typeof SERVER_CODE_PURPOSES)[number];

/** Everything a code may be sent for. */
export const CODE_PURPOSES = [...VERIFICATION_PURPOSES, ...SERVER_CODE_PURPOSES] as const;
export type CodePurpose = VerificationPurpose | ServerCodePurpose;
