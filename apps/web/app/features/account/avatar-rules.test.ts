import { describe, expect, it } from 'vitest';
import { avatarProblem } from './avatar-rules';

describe('avatar check before upload', () => {
  it('accepts PNG, JPEG and WebP up to 2 MiB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp']) expect(avatarProblem({ type, size: 2 * 1024 * 1024 })).toBeUndefined();
  });
  it('refuses other types, empty and larger files, in Chinese', () => {
    expect(avatarProblem({ type: 'image/gif', size: 10 })).toBe('头像只支持 PNG、JPG 或 WebP 图片');
    expect(avatarProblem({ type: 'image/svg+xml', size: 10 })).toBe('头像只支持 PNG、JPG 或 WebP 图片');
    expect(avatarProblem({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe('头像图片不能超过 2 MB');
    expect(avatarProblem({ type: 'image/png', size: 0 })).toBe('图片文件是空的');
  });
});
