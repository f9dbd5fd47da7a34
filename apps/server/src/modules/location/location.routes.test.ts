import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocationResult } from '@fuliaotong/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { LocationService } from './location.service.js';
import { parsed } from '../../../test/responses.js';

// The test app trusts X-Forwarded-For (TRUST_PROXY on), as behind a reverse proxy.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const locate = async (ip?: string) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/app/l-bS', headers: ip ? { 'x-forwarded-for': ip } : {} });
  expect(response.statusCode, response.body).toBe(200);
  return parsed(response, LocationResult);
};

describe('location from the client address', () => {
  it('finds the province and city of a mainland address behind a proxy, with the address-book codes', async () => {
    expect(await locate('120.24.78.68')).toEqual({ province: '广东省', city: '深圳市', regionCodes: ['44', '4403'] });
    expect(await locate('223.5.5.5, 10.0.0.1')).toEqual({ province: '浙江省', city: '杭州市', regionCodes: ['33', '3301'] });
  });

  it('answers nulls for private, foreign, loop-back and unknown addresses', async () => {
    const unknown = { province: null, city: null, regionCodes: [] };
    expect(await locate()).toEqual(unknown); // app.inject comes from 127.0.0.1
    expect(await locate('10.1.2.3')).toEqual(unknown);
    expect(await locate('8.8.8.8')).toEqual(unknown);
    expect(await locate('::1')).toEqual(unknown);
  });

  it('maps municipalities and autonomous regions onto the division data', () => {
    const location = new LocationService();
    // ip2region says 北京 / 北京市; the division data has 北京市 / 市辖区.
    expect(location.locate('61.135.169.121')).toEqual({ province: '北京市', city: '北京市', regionCodes: ['11', '1101'] });
    expect(location.locate('::ffff:120.24.78.68')).toEqual({ province: '广东省', city: '深圳市', regionCodes: ['44', '4403'] });
    expect(location.locate('not an address')).toEqual({ province: null, city: null, regionCodes: [] });
  });
});
