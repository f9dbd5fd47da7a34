import { describe, expect, it } from 'vitest';
import { allowedActions, idParam, itemsText, pageParam, statusParam } from './application-rules';

describe('allowedActions', () => {
  it('offers staff exactly the transitions of the contract', () => {
    expect(allowedActions('submitted', 'staff')).toEqual(['approve', 'reject']);
    expect(allowedActions('approved', 'staff')).toEqual(['ship']);
    expect(allowedActions('shipped', 'staff')).toEqual(['deliver']);
    for (const status of ['rejected', 'delivered', 'withdrawn'] as const) expect(allowedActions(status, 'staff')).toEqual([]);
  });

  it('lets a member withdraw only while the application awaits review', () => {
    expect(allowedActions('submitted', 'member')).toEqual(['withdraw']);
    for (const status of ['approved', 'rejected', 'shipped', 'delivered', 'withdrawn'] as const) {
      expect(allowedActions(status, 'member')).toEqual([]);
    }
  });
});

describe('query-string parameters', () => {
  it('status: a known status or nothing', () => {
    expect(statusParam('shipped')).toBe('shipped');
    expect(statusParam('SHIPPED')).toBeUndefined();
    expect(statusParam('')).toBeUndefined();
    expect(statusParam(null)).toBeUndefined();
  });

  it('page: a positive integer, else 1', () => {
    expect(pageParam('3')).toBe(3);
    for (const value of [null, '', '0', '-2', 'abc', '1e9']) expect(pageParam(value)).toBe(1);
  });

  it('id: a positive 32-bit integer, else undefined', () => {
    expect(idParam('42')).toBe(42);
    for (const value of [null, '', '0', '-1', '1.5', 'x', '99999999999', '2147483648']) expect(idParam(value)).toBeUndefined();
  });
});

describe('itemsText', () => {
  it('names the items and says how many there are', () => {
    expect(itemsText({ itemNames: ['微晶纤维素', '乳糖'], itemCount: 2 })).toBe('微晶纤维素、乳糖（2 项）');
    expect(itemsText({ itemNames: ['微晶纤维素', '乳糖', '硬脂酸镁'], itemCount: 5 })).toBe('微晶纤维素、乳糖、硬脂酸镁 等 5 项');
  });
});
