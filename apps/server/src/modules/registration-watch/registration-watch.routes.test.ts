import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponse, MAX_REGISTRATION_WATCHES, NoticePage, REGISTRATION_CSV_COLUMNS, RegistrationDetail, RegistrationImportPreview, RegistrationWatch, RegistrationWatchList, WATCH_NOTICES_PER_IMPORT, paths, withQuery } from '@fuliaotong/contracts';
import { bearer, multipart, registerMember } from '../../../test/accounts.js';
import { parsed } from '../../../test/responses.js';
import { registerStaff } from '../../../test/samples.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { registrations } from '../registration/registration.schema.js';
import { RegistrationWatchRepository } from './registration-watch.repository.js';

let t: TestApp;
let editor: Awaited<ReturnType<typeof registerStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  editor = await registerStaff(t.app, t.database, ['editor']);
});
afterAll(async () => {
  await t.close();
});

type Record = typeof registrations.$inferSelect;
const stored = async (regNo: string): Promise<Record> =>
  (await t.database.db.select().from(registrations).where(eq(registrations.regNo, regNo)))[0]!;
const csvRow = (r: Pick<Record, 'regNo' | 'name' | 'company' | 'companyAddress' | 'province' | 'source' | 'spec' | 'packageSpec' | 'type' | 'reviewStatus' | 'updatedOn' | 'remark'>) =>
  [r.regNo, r.name, r.company, r.companyAddress, r.province, r.source, r.spec, r.packageSpec, r.type, r.reviewStatus, r.updatedOn, r.remark]
    .map((v) => `"${v.replaceAll('"', '""')}"`)
    .join(',');

/** Previews and commits a CSV of these records on the imports desk. */
async function importRecords(records: Array<Parameters<typeof csvRow>[0]>): Promise<void> {
  const csv = [REGISTRATION_CSV_COLUMNS.join(','), ...records.map(csvRow)].join('\n');
  const upload = multipart(Buffer.from(csv, 'utf8'), 'update.csv', 'text/csv');
  const preview = await t.app.inject({
    method: 'POST',
    url: '/api/admin/registration/import',
    headers: { ...editor.headers, ...upload.headers },
    payload: upload.payload,
  });
  expect(preview.statusCode, preview.body).toBe(201);
  const { id, counts } = parsed(preview, RegistrationImportPreview);
  expect(counts.rejected).toBe(0);
  const commit = await t.app.inject({ method: 'POST', url: `/api/admin/registration/import/${id}/commit`, headers: editor.headers });
  expect(commit.statusCode, commit.body).toBe(200);
}

const watch = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/app/registration-watch', headers: bearer(token), payload });
const noticesOf = async (token: string) =>
  parsed(await t.app.inject({ method: 'GET', url: '/api/app/notice', headers: bearer(token), query: { pageSize: '100' } }), NoticePage).items.filter(
    (n) => n.kind === 'watch',
  );

/** A product name of its own, so that tests do not see each other's records. */
let serial = 0;
function newRecord(name: string): Parameters<typeof csvRow>[0] {
  serial += 1;
  return {
    regNo: `F2026${String(900000 + serial).padStart(7, '0')}`,
    name,
    company: '浙江示例药用辅料有限公司',
    companyAddress: '浙江省杭州市示例路 1 号',
    province: '浙江',
    source: '国产',
    spec: '',
    packageSpec: '',
    type: '辅料',
    reviewStatus: 'I',
    updatedOn: '2025-06-01',
    remark: '',
  };
}

describe('registration watch', () => {
  it('tells the watcher of a record what an import changed, from what to what, once however many watches cover it', async () => {
    const watcher = await registerMember(t.app);
    const bystander = await registerMember(t.app);
    await importRecords([newRecord('示例关注辅料乙'), newRecord('示例关注辅料乙')]);
    const record = await stored(`F2026${String(900000 + serial).padStart(7, '0')}`);
    const id = record.id;

    const added = await watch(watcher.token, { scope: 'registration', registrationId: id });
    expect(added.statusCode, added.body).toBe(201);
    const byRecord = parsed(added, RegistrationWatch);
    expect(byRecord).toMatchObject({ scope: 'registration', regNo: record.regNo, name: record.name, company: record.company, registrationId: id });
    const again = await watch(watcher.token, { scope: 'registration', registrationId: id });
    expect([again.statusCode, parsed(again, RegistrationWatch).id]).toEqual([200, byRecord.id]);
    const byProduct = parsed(await watch(watcher.token, { scope: 'product', name: record.name }), RegistrationWatch);

    const detail = parsed(await t.app.inject({ method: 'GET', url: `/api/app/registration/${id}`, headers: bearer(watcher.token) }), RegistrationDetail);
    expect(detail.watch).toEqual({ registration: byRecord.id, product: byProduct.id });
    const anonymous = parsed(await t.app.inject({ method: 'GET', url: `/api/app/registration/${id}` }), RegistrationDetail);
    expect(anonymous.watch).toEqual({ registration: null, product: null });

    const flipped = record.reviewStatus === 'A' ? 'I' : 'A';
    await importRecords([{ ...record, reviewStatus: flipped, updatedOn: '2026-11-20', spec: `${record.spec} 新规格` }]);

    const notices = await noticesOf(watcher.token);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      title: `关注的登记信息有变更：${record.name}（${record.regNo}）`,
      body: `${record.company}：与制剂共同审评审批结果由“${record.reviewStatus}”变为“${flipped}”；更新日期由“${record.updatedOn}”变为“2026-11-20”。`,
      link: withQuery(paths.topDatabaseDetail, { code: 'registration', id }),
    });
    expect(await noticesOf(bystander.token)).toEqual([]);

    // A change to a field no watch follows (规格 alone) sends nothing.
    await importRecords([{ ...(await stored(record.regNo)), spec: '只改规格' }]);
    expect(await noticesOf(watcher.token)).toHaveLength(1);
  });

  it("tells a product's watchers of new records and changed companies, and sums up past the per-import limit", async () => {
    const watcher = await registerMember(t.app);
    const first = newRecord('示例关注辅料甲');
    await importRecords([first]);
    expect(parsed(await watch(watcher.token, { scope: 'product', name: '示例关注辅料甲' }), RegistrationWatch).name).toBe('示例关注辅料甲');

    const more = Array.from({ length: WATCH_NOTICES_PER_IMPORT + 2 }, () => newRecord('示例关注辅料甲'));
    await importRecords([{ ...first, company: '江苏示例辅料股份有限公司' }, ...more]);
    const notices = await noticesOf(watcher.token);
    expect(notices).toHaveLength(WATCH_NOTICES_PER_IMPORT + 1);
    const titles = notices.map((n) => n.title);
    expect(titles).toContain(`关注的登记信息有变更：示例关注辅料甲（${first.regNo}）`);
    expect(notices.find((n) => n.title.includes(first.regNo))?.body).toBe(
      '江苏示例辅料股份有限公司：企业名称由“浙江示例药用辅料有限公司”变为“江苏示例辅料股份有限公司”。',
    );
    expect(titles).toContain(`关注的品种有新登记：示例关注辅料甲（${more[0]!.regNo}）`);
    expect(titles).toContain('另有 3 条关注的登记信息有变更');
  });

  it('answers 404 for what does not exist or is not the caller’s, and 409 past the limit', async () => {
    const member = await registerMember(t.app);
    const other = await registerMember(t.app);
    const noRecord = await watch(member.token, { scope: 'registration', registrationId: 2_000_000_000 });
    expect([noRecord.statusCode, parsed(noRecord, ErrorResponse).error.message]).toEqual([404, '登记信息不存在']);
    const noProduct = await watch(member.token, { scope: 'product', name: '并不存在的辅料' });
    expect([noProduct.statusCode, parsed(noProduct, ErrorResponse).error.message]).toEqual([404, '没有品种名称为“并不存在的辅料”的登记信息']);
    const bad = await watch(member.token, { scope: 'product', name: '  ' });
    expect([bad.statusCode, parsed(bad, ErrorResponse).error.details]).toEqual([400, [{ path: 'body.name', message: '请填写品种名称' }]]);

    const record = newRecord('示例关注辅料丙');
    await importRecords([record]);
    const { id } = await stored(record.regNo);
    const mine = parsed(await watch(member.token, { scope: 'registration', registrationId: id }), RegistrationWatch);
    const theirs = await t.app.inject({ method: 'DELETE', url: `/api/app/registration-watch/${mine.id}`, headers: bearer(other.token) });
    expect(theirs.statusCode).toBe(404);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/app/registration-watch/${mine.id}`, headers: bearer(member.token) });
    expect(removed.statusCode).toBe(204);
    expect(parsed(await t.app.inject({ method: 'GET', url: '/api/app/registration-watch', headers: bearer(member.token) }), RegistrationWatchList).items).toEqual([]);

    const repository = new RegistrationWatchRepository(t.database.db);
    for (let i = 0; i < MAX_REGISTRATION_WATCHES; i += 1) await repository.insert(member.user.id, 'product', `品种${i}`);
    const over = await watch(member.token, { scope: 'registration', registrationId: id });
    expect([over.statusCode, parsed(over, ErrorResponse).error.message]).toEqual([409, `最多关注 ${MAX_REGISTRATION_WATCHES} 条，请先取消一些关注`]);
  });
});
