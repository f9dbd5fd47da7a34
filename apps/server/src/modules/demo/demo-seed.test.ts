import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows, type Database } from '../../db/database.js';
import { openTestDatabase } from '../../../test/test-app.js';
import { DEFAULT_SCALE, registrationAt } from './demo-content.js';
import { secondaryIndexes, truncatePublicInformation } from './demo.repository.js';
import { seedDemoContent } from './demo-seed.js';

const scale = { excipients: 20, registrations: 300, standards: 30, usageRecords: 40, regulations: 15, news: 20 };

describe('seeding the demo content', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    if (database.kind === 'postgres') {
      const [row] = await selectRows<{ schema: string }>(database.db, sql`SELECT current_schema() AS schema`);
      if (row?.schema.startsWith('test_')) await database.db.execute(sql.raw(`DROP SCHEMA "${row.schema}" CASCADE`));
    }
    await database.close();
  });

  const count = async (table: string) =>
    (await selectRows<{ n: number }>(database.db, sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0]!.n;

  it('fills an empty database, with search columns computed by the database', async () => {
    const phases: string[] = [];
    const report = await seedDemoContent(database.db, { scale, batchSize: 128, onlyIfEmpty: true, onProgress: (p) => phases.push(p.phase) });
    expect(report.skipped).toBe(false);
    expect(phases).toContain('registrations');
    expect(await count('excipients')).toBe(20);
    expect(await count('registrations')).toBe(300);
    expect(await count('standards')).toBe(30);
    expect(await count('usage_records')).toBe(40);
    expect(await count('regulations')).toBe(15);
    expect(await count('news')).toBe(20);
    expect(await count('databases')).toBe(3);
    expect(await count('excipient_specs')).toBeGreaterThan(20);

    const [reg] = await selectRows<{ reg_no: string; search_grams: string[] }>(
      database.db,
      sql`SELECT reg_no, search_grams FROM registrations ORDER BY id LIMIT 1`,
    );
    const first = registrationAt({ ...DEFAULT_SCALE, ...scale }, 0);
    expect(reg!.reg_no).toBe(first.regNo);
    expect(reg!.search_grams).toContain(first.name.slice(0, 2).toLowerCase());

    const bad = await selectRows<{ url: string }>(
      database.db,
      sql`SELECT url FROM excipient_documents WHERE url <> '/api/app/excipient/' || excipient_id || '/document/' || id`,
    );
    expect(bad).toEqual([]);
    const found = await selectRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM excipients WHERE search_grams @> ARRAY[${first.name.slice(0, 1)}]::text[]`,
    );
    expect(found[0]!.n).toBeGreaterThan(0);
  });

  it('leaves a database with content alone when asked to seed only an empty one', async () => {
    const report = await seedDemoContent(database.db, { scale, onlyIfEmpty: true });
    expect(report.skipped).toBe(true);
    expect(await count('excipients')).toBe(20);
  });

  it('rebuilds the registration indexes after a bulk load', async () => {
    const before = await secondaryIndexes(database.db, 'registrations');
    expect(before.map((i) => i.name)).toContain('registrations_grams_idx');
    await truncatePublicInformation(database.db);
    expect(await count('excipients')).toBe(0);
    await seedDemoContent(database.db, { scale: { ...scale, registrations: 500 }, deferIndexesFrom: 100, batchSize: 200 });
    expect(await count('registrations')).toBe(500);
    expect(await secondaryIndexes(database.db, 'registrations')).toEqual(before);
  });

  it('resets the catalogue under sample carts and applications: cart items go, applications keep their copy', async () => {
    const [user] = await selectRows<{ id: number }>(
      database.db,
      sql`INSERT INTO users (account, password_hash) VALUES ('13800000000', 'x') RETURNING id`,
    );
    const [spec] = await selectRows<{ id: number; excipient_id: number }>(database.db, sql`SELECT id, excipient_id FROM excipient_specs ORDER BY id LIMIT 1`);
    await database.db.execute(
      sql`INSERT INTO sample_cart_items (user_id, excipient_id, spec_id, quantity) VALUES (${user!.id}, ${spec!.excipient_id}, ${spec!.id}, 1)`,
    );
    const [application] = await selectRows<{ id: number }>(
      database.db,
      sql`INSERT INTO sample_applications (number, user_id, contact_name, mobile, email, company, company_type, purpose, dosage_form, stage, address)
          VALUES ('YP20250101000001', ${user!.id}, '张三', '13800000000', 'a@example.com', '某药业', '制剂企业', '处方开发', '片剂', '研发', '{}'::jsonb)
          RETURNING id`,
    );
    await database.db.execute(
      sql`INSERT INTO sample_application_items (application_id, excipient_id, spec_id, name_zh, grade, pack_size, quantity)
          VALUES (${application!.id}, ${spec!.excipient_id}, ${spec!.id}, '微晶纤维素', 'PH101', '100 g', 1)`,
    );

    await seedDemoContent(database.db, { scale, reset: true });
    expect(await count('excipients')).toBe(20);
    expect(await count('sample_cart_items')).toBe(0);
    const items = await selectRows<{ excipient_id: number | null; spec_id: number | null; name_zh: string }>(
      database.db,
      sql`SELECT excipient_id, spec_id, name_zh FROM sample_application_items`,
    );
    expect(items).toEqual([{ excipient_id: null, spec_id: null, name_zh: '微晶纤维素' }]);
    // Ids start again from 1, as before the reset.
    const [first] = await selectRows<{ id: number }>(database.db, sql`SELECT min(id) AS id FROM excipients`);
    expect(first!.id).toBe(1);
  });
});
