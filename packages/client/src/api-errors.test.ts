import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.js';
import { errorMessage, splitServerErrors } from './api-errors.js';

const validation = new ApiError(400, {
  error: {
    code: 'validation_failed',
    message: '请求参数不正确',
    details: [
      { path: 'body.password', message: '密码至少 8 位' },
      { path: 'body.regionCodes.0', message: '地区编码不正确' },
      { path: 'query.page', message: '页码不正确' },
    ],
    requestId: 'r1',
  },
});

describe('server errors in forms', () => {
  it('puts issues under their fields and keeps the rest', () => {
    expect(splitServerErrors(validation, ['password', 'regionCodes'])).toEqual({
      fieldErrors: [
        { name: ['password'], errors: ['密码至少 8 位'] },
        { name: ['regionCodes'], errors: ['地区编码不正确'] },
      ],
      other: ['页码不正确'],
    });
  });

  it('shows the Chinese message of the server, never a 5xx one', () => {
    expect(errorMessage(new ApiError(409, { error: { code: 'conflict', message: '该账号已注册', requestId: 'r' } }))).toBe('该账号已注册');
    expect(errorMessage(new ApiError(500, { error: { code: 'internal_error', message: 'boom', requestId: 'r' } }))).toBe(
      '服务器开小差了，请稍后重试',
    );
    expect(errorMessage(new ApiError(429, null), '请稍后再试')).toBe('请稍后再试');
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('网络连接失败，请检查网络后重试');
  });
});
