import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@fuliaotong/contracts/constants';

const acceptedTypes: readonly string[] = AVATAR_TYPES;

/** What the file picker offers. */
export const avatarAccept = AVATAR_TYPES.join(',');

/** Why a file cannot be an avatar, or undefined when it can (the server checks the content again). */
export function avatarProblem(file: { type: string; size: number }): string | undefined {
  if (!acceptedTypes.includes(file.type)) return '头像只支持 PNG、JPG 或 WebP 图片';
  if (file.size > AVATAR_MAX_BYTES) return `头像图片不能超过 ${AVATAR_MAX_BYTES / 1024 / 1024} MB`;
  if (file.size === 0) return '图片文件是空的';
  return undefined;
}
