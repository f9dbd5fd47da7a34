import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, serverProcesses } from './config.js';

describe('configuration', () => {
  it('defaults to port 3000 on the embedded database in ./data', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toBe(path.resolve('./data'));
    expect(config.API_BASE).toBe('');
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.TRUST_PROXY).toBe(false);
    expect(config.DEMO_CONTENT).toBe(true);
    expect(config.WEB_DEV_SERVER).toBe(false);
  });

  it('allows the web development server only outside production', () => {
    expect(loadConfig({ WEB_DEV_SERVER: 'true', NODE_ENV: 'development' }).WEB_DEV_SERVER).toBe(true);
    expect(() => loadConfig({ WEB_DEV_SERVER: 'true', NODE_ENV: 'production' })).toThrow(/WEB_DEV_SERVER:/);
  });

  it('writes messages to the log unless told otherwise', () => {
    const config = loadConfig({});
    expect(config.SMS_PROVIDER).toBe('log');
    expect(config.SMTP_URL).toBe('log');
  });

  const aliyun = {
    SMS_PROVIDER: 'aliyun',
    ALIYUN_ACCESS_KEY_ID: 'LTAI5tExampleKeyId',
    ALIYUN_ACCESS_KEY_SECRET: 'exampleAccessKeySecret',
    ALIYUN_SMS_SIGN_NAME: '辅料通',
    ALIYUN_SMS_TEMPLATE_VERIFICATION_CODE: 'SMS_100000001',
    ALIYUN_SMS_TEMPLATE_APPLICATION_STATUS: 'SMS_100000002',
    ALIYUN_SMS_TEMPLATE_STAFF_NEW_WORK: 'SMS_100000003',
    ALIYUN_SMS_TEMPLATE_QUOTE_STATUS: 'SMS_100000004',
    ALIYUN_SMS_TEMPLATE_SALES_ORDER_STATUS: 'SMS_100000005',
    ALIYUN_SMS_TEMPLATE_CHANGE_NOTICE: 'SMS_100000006',
  };

  it('takes SMS_PROVIDER=aliyun with its keys, signature and template codes', () => {
    const config = loadConfig({ NODE_ENV: 'production', ...aliyun });
    expect(config.SMS_PROVIDER).toBe('aliyun');
    expect(config.ALIYUN_SMS_ENDPOINT).toBe('dysmsapi.aliyuncs.com');
  });

  it.each(Object.keys(aliyun).filter((name) => name !== 'SMS_PROVIDER'))('refuses SMS_PROVIDER=aliyun without %s, naming it', (name) => {
    expect(() => loadConfig({ NODE_ENV: 'production', ...aliyun, [name]: '' })).toThrow(new RegExp(`${name}: is required when SMS_PROVIDER=aliyun`));
  });

  it('takes an SMTP server with a sender, and refuses one without MAIL_FROM or a bad URL', () => {
    const config = loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtps://site:pw@smtp.example.com:465', MAIL_FROM: '辅料通 <no-reply@example.com>' });
    expect(config.SMTP_URL).toBe('smtps://site:pw@smtp.example.com:465');
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://smtp.example.com:587' })).toThrow(/MAIL_FROM: is required/);
    expect(() => loadConfig({ SMTP_URL: 'http://smtp.example.com' })).toThrow(/SMTP_URL:/);
    expect(() => loadConfig({ SMS_PROVIDER: 'tencent' })).toThrow(/SMS_PROVIDER:/);
  });

  it('takes BACKUP_DIR as an absolute path outside DATA_DIR, with BACKUP_KEEP and BACKUP_INTERVAL_HOURS', () => {
    expect(loadConfig({})).toMatchObject({ BACKUP_KEEP: 7, BACKUP_INTERVAL_HOURS: 24 });
    expect(loadConfig({}).BACKUP_DIR).toBeUndefined();
    const config = loadConfig({ BACKUP_DIR: 'backups', BACKUP_KEEP: '30', BACKUP_INTERVAL_HOURS: '6' });
    expect(config).toMatchObject({ BACKUP_DIR: path.resolve('backups'), BACKUP_KEEP: 30, BACKUP_INTERVAL_HOURS: 6 });
    expect(() => loadConfig({ DATA_DIR: '/srv/site', BACKUP_DIR: '/srv/site/backups' })).toThrow('BACKUP_DIR: must be outside DATA_DIR (/srv/site)');
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow('BACKUP_KEEP: must be at least 1');
    expect(() => loadConfig({ BACKUP_KEEP: 'many' })).toThrow('BACKUP_KEEP: must be a whole number of backups to keep');
    expect(() => loadConfig({ BACKUP_INTERVAL_HOURS: '1.5' })).toThrow('BACKUP_INTERVAL_HOURS: must be a whole number of hours');
  });

  it('reads DEMO_CONTENT as a flag', () => {
    expect(loadConfig({ DEMO_CONTENT: 'false' }).DEMO_CONTENT).toBe(false);
    expect(loadConfig({ DEMO_CONTENT: 'true' }).DEMO_CONTENT).toBe(true);
    expect(loadConfig({ DEMO_CONTENT: '' }).DEMO_CONTENT).toBe(true);
  });

  it('reads TRUST_PROXY as a flag or a list of proxy addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8' }).TRUST_PROXY).toBe('127.0.0.1,10.0.0.0/8');
  });

  it('reads DATABASE_DIRECT_URL beside DATABASE_URL only', () => {
    const pooled = { DATABASE_URL: 'postgres://app@127.0.0.1:6432/site', DATABASE_DIRECT_URL: 'postgres://app@127.0.0.1:5432/site' };
    expect(loadConfig(pooled).DATABASE_DIRECT_URL).toBe('postgres://app@127.0.0.1:5432/site');
    expect(loadConfig({ DATABASE_URL: pooled.DATABASE_URL }).DATABASE_DIRECT_URL).toBeUndefined();
    expect(() => loadConfig({ DATABASE_DIRECT_URL: pooled.DATABASE_DIRECT_URL })).toThrow(/DATABASE_DIRECT_URL: is only used with DATABASE_URL/);
    expect(() => loadConfig({ ...pooled, DATABASE_DIRECT_URL: 'mysql://root@localhost/x' })).toThrow(/DATABASE_DIRECT_URL/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', JWT_SECRET: '' }).PORT).toBe(3000);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://root@localhost/x'],
    ['JWT_SECRET', 'too-short'],
    ['API_BASE', 'ftp://x'],
    ['LOG_LEVEL', 'verbose'],
    ['TRUST_PROXY', 'yes please'],
    ['DATABASE_SCHEMA', 'Robert"; drop'],
    ['DEMO_CONTENT', 'yes'],
    ['WEB_DEV_SERVER', 'on'],
  ])('stops on a bad %s, naming it', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain(`${name}:`);
  });

  it.each([
    ['32 spaces', ' '.repeat(32)],
    ['too short in bytes', 'é'.repeat(15)],
    ['changeme', 'changeme'],
    ['explained characters', 'change-to-32-characters-or-more-please'],
    ['a repeated placeholder', 'changeme'.repeat(4)],
    ['the placeholder of .env.example', 'replace-with-at-least-32-random-bytes'],
    ['a wordy placeholder', 'your-jwt-secret-key-here-change-me-please'],
    ['secret', 'secret'.repeat(6)],
  ])('refuses a JWT_SECRET that is %s, naming it', (_name, value) => {
    expect(() => loadConfig({ JWT_SECRET: value })).toThrow(/JWT_SECRET:/);
  });

  it('accepts a random JWT_SECRET of 32 bytes or more', () => {
    expect(loadConfig({ JWT_SECRET: 'b'.repeat(32) }).JWT_SECRET).toBe('b'.repeat(32));
    expect(loadConfig({ JWT_SECRET: '3f9a0c1d7e2b5a8c4d6e0f1a2b3c4d5e' }).JWT_SECRET).toHaveLength(32);
  });

  it('takes METRICS_TOKEN when it is random and at least 16 characters, and leaves /metrics off without it', () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '9c1f04b7e2a85d3f6b0e' }).METRICS_TOKEN).toBe('9c1f04b7e2a85d3f6b0e');
    for (const value of ['9c1f04b7e2a85d3', 'replace-with-a-random-token', 'metrics-token-please-change', '9c1f04b7 e2a85d3f6b0e', ' '.repeat(20)]) {
      expect(() => loadConfig({ METRICS_TOKEN: value }), value).toThrow(/METRICS_TOKEN:/);
    }
  });

  it('takes SITE_URL as an http(s) origin, http://localhost:${PORT} by default', () => {
    expect(loadConfig({})).toMatchObject({ SITE_URL: 'http://localhost:3000', SITE_URL_DEFAULTED: true });
    expect(loadConfig({ PORT: '8080' })).toMatchObject({ SITE_URL: 'http://localhost:8080', SITE_URL_DEFAULTED: true });
    expect(loadConfig({ PORT: '8080', SITE_URL: '' }).SITE_URL).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '8080', SITE_URL: 'https://www.fuliaotong.example' })).toMatchObject({ SITE_URL: 'https://www.fuliaotong.example', SITE_URL_DEFAULTED: false });
    expect(loadConfig({ SITE_URL: 'https://www.fuliaotong.example/' }).SITE_URL).toBe('https://www.fuliaotong.example');
    for (const value of ['www.fuliaotong.example', 'ftp://fuliaotong.example', 'https://fuliaotong.example/site']) {
      expect(() => loadConfig({ SITE_URL: value }), value).toThrow(/SITE_URL:/);
    }
  });

  it('accepts a PostgreSQL URL and a 256-bit secret', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test', JWT_SECRET: 'x'.repeat(32) });
    expect(config.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/test');
  });
});

describe('server processes of npm start', () => {
  const secret = 'f3a1c9e07b2d4e6a8c0f1e3d5b7a9c2e4f6a8b0d1c3e5f7a9b2d4c6e8f0a1b3c';
  const postgres = 'postgres://postgres@127.0.0.1:5432/site';

  it('are one per core on PostgreSQL, or WEB_CONCURRENCY', () => {
    expect(serverProcesses(loadConfig({ DATABASE_URL: postgres, JWT_SECRET: secret }), 4)).toMatchObject({ count: 4 });
    expect(serverProcesses(loadConfig({ DATABASE_URL: postgres, JWT_SECRET: secret, WEB_CONCURRENCY: '3' }), 4)).toMatchObject({
      count: 3,
      note: '3 server processes on PostgreSQL (WEB_CONCURRENCY=3)',
    });
    expect(serverProcesses(loadConfig({ DATABASE_URL: postgres, WEB_CONCURRENCY: '1' }), 4)).toMatchObject({ count: 1 });
  });

  it('are one on the embedded database, saying that WEB_CONCURRENCY is ignored', () => {
    expect(serverProcesses(loadConfig({}), 8)).toMatchObject({ count: 1, note: expect.stringContaining('PGlite') as unknown });
    expect(serverProcesses(loadConfig({ WEB_CONCURRENCY: '4' }), 8)).toEqual({
      count: 1,
      note: 'WEB_CONCURRENCY=4 is ignored: the embedded database (PGlite) serves one process; set DATABASE_URL to run several',
    });
  });

  it('need JWT_SECRET when several share PostgreSQL', () => {
    expect(() => serverProcesses(loadConfig({ DATABASE_URL: postgres }), 2)).toThrow(ConfigError);
    expect(() => serverProcesses(loadConfig({ DATABASE_URL: postgres }), 2)).toThrow(/JWT_SECRET: is required .*one per core, 2 cores/);
  });

  it('refuses a WEB_CONCURRENCY that is not a positive whole number', () => {
    expect(() => loadConfig({ WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY/);
    expect(() => loadConfig({ WEB_CONCURRENCY: 'many' })).toThrow(/WEB_CONCURRENCY/);
  });
});
