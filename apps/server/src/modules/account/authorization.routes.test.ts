import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, endpoints, routeOf, STAFF_ROLES, type ApiOperation, type EndpointSpec, type ExcipientDetail, type StaffRole } from '@fuliaotong/contracts';
import { bearer, GOOD_PASSWORD, insertAccount, multipart, newAccount, newIp, registrationOf } from '../../../test/accounts.js';
import { uploadFor } from '../../../test/fixture-files.js';
import { staffFixtures, demoExcipient, ownerWithRows, pathWith, quickSession, rowParams, type Session } from '../../../test/endpoint-fixtures.js';
import { codeFor, staffChallenge } from '../../../test/verification.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { seedDemoContent } from '../demo/demo-seed.js';

/*
 * The authorization matrix, driven by the endpoint table: every operation is called by an anonymous
 * caller, the owner of the rows it names, another user, an administrator (holding that role alone), a
 * member of the staff holding the roles it needs and one holding every other role, and the statuses
 * must follow from the operation's access level and `rows` declaration. A new endpoint is covered as
 * soon as it is in the table: its `example` must make a request that succeeds for the owner.
 */

let t: TestApp;
let excipient: ExcipientDetail;
const jwtSecret = randomBytes(32);
beforeAll(async () => {
  t = await createTestApp({ jwtSecret });
  await seedDemoContent(t.database.db, { onlyIfEmpty: true });
  excipient = await demoExcipient(t.app);
  await staffFixtures(t.app, t.database);
});
afterAll(async () => {
  await t.close();
});

/**
 * `staff` holds exactly the roles an operation needs (any one role for plain `staff`); `otherStaff` every
 * other role; `admin` the administrator's role alone (for staff operations, unless that is the role `staff` holds).
 */
type Caller = 'anonymous' | 'other' | 'owner' | 'admin' | 'staff' | 'otherStaff';
const callers = ['anonymous', 'other', 'owner', 'admin', 'staff', 'otherStaff'] as const;

/** The roles of the operation's staff caller, and those of the staff who must be refused (none for plain `staff`). */
function rolesFor(spec: EndpointSpec): { needed: StaffRole[]; others: StaffRole[] } {
  if (typeof spec.access !== 'object') return { needed: ['reviewer'], others: [] };
  const needed = spec.access.staff as StaffRole[];
  return { needed: [needed[0]!], others: STAFF_ROLES.filter((role) => !needed.includes(role)) };
}

/**
 * Where the state of the fixtures, not the access level, decides the answer: each with its reason.
 * Everything else follows from the table.
 */
const stateful: Partial<Record<ApiOperation, Partial<Record<Caller, number>>>> = {
  // The owner's application awaits review: shipping and delivery come later.
  adminApplicationShip: { staff: 409 },
  adminApplicationDeliver: { staff: 409 },
  // The owner's application awaits review: the account cannot be deleted before it is finished.
  accountDelete: { owner: 409 },
  // The owner's application has not been shipped: it has no COA yet.
  applicationCoa: { owner: 404 },
  adminApplicationCoa: { admin: 404, staff: 404 },
  // The owner's order waits for a bank transfer: it is not paid, so there is nothing to refund.
  adminOrderRefund: { staff: 409 },
  // The owner's invoice has been asked for: it has no file yet, so it can be neither issued, downloaded nor reversed.
  adminInvoiceIssue: { staff: 409 },
  adminInvoiceReverse: { staff: 409 },
  invoiceFile: { owner: 404 },
  // The body names the caller's own paid order and title, which no example can (the invoice tests ask for one).
  invoiceCreate: { other: 400, owner: 400, admin: 400, staff: 400 },
  // The owner's grant is a database subscription: it has no seats to give, and the example names no seat holder.
  grantSeatAdd: { owner: 409 },
  grantSeatRemove: { owner: 404 },
  // The owner already has a company (one company per user): they can neither create another nor accept an invitation to one.
  companyCreate: { owner: 409 },
  companyInvitationAccept: { owner: 409 },
  // The example accepts revision 1, which is not the newest revision of the owner's request (no example can name it).
  quoteAccept: { owner: 409 },
  // The owner's sales order waits for its contract: nothing has been paid or shipped, so nothing can be received, invoiced, confirmed or shipped.
  salesOrderReceive: { owner: 409 },
  salesOrderInvoice: { owner: 409 },
  adminSalesOrderConfirmTransfer: { staff: 409 },
  adminSalesOrderShip: { staff: 409 },
  adminSalesOrderReceive: { staff: 409 },
  // Only a company's 质量 or 研发 member signs the 保密协议 and asks for documents: the other callers belong to no company.
  confidentialityAccept: { other: 403, admin: 403, staff: 403, otherStaff: 403 },
  documentRequestCreate: { other: 403, admin: 403, staff: 403, otherStaff: 403 },
  // The owner's document request awaits review: nothing has been delivered or uploaded yet.
  documentRequestFile: { owner: 409 },
  adminDocumentRequestFile: { admin: 404, staff: 404 },
  // The change notice that reached the owner has no documents.
  changeNoticeDocument: { owner: 404 },
  adminChangeNoticeDocument: { admin: 404, staff: 404 },
  // The owner has not uploaded a bank slip.
  adminOrderSlip: { admin: 404, staff: 404 },
  // The gateways' notifications: a call without the gateway's signature is refused, whoever makes it.
  paymentNotifyWechat: { anonymous: 400, other: 400, owner: 400, admin: 400, staff: 400 },
  paymentNotifyAlipay: { anonymous: 400, other: 400, owner: 400, admin: 400, staff: 400 },
};

/** The owner of the rows the reads (GETs) name, made for the first of them. */
let readsOwner: ReturnType<typeof ownerWithRows> | undefined;

const successOf = (spec: EndpointSpec) => Object.keys(spec.responses).map(Number);

/** The statuses each caller may get, from the table alone. */
function expectedStatuses(spec: EndpointSpec): Record<Caller, number[]> {
  const success = successOf(spec);
  const declared = spec.errors ?? [];
  // Data gated by its own access level (a database for signed-in users, say) may refuse anonymous callers.
  const gated = declared.filter((status) => status === 401 || status === 403);
  const notOwner = spec.rows?.owner ? [404] : success;
  switch (spec.access) {
    case 'public':
    case 'optional':
      return { anonymous: [...success, ...gated], other: notOwner, owner: success, admin: notOwner, staff: notOwner, otherStaff: notOwner };
    case 'user':
      return { anonymous: [401], other: notOwner, owner: success, admin: notOwner, staff: notOwner, otherStaff: notOwner };
    case 'staff':
      return { anonymous: [401], other: [403], owner: [403], admin: success, staff: success, otherStaff: success };
    default: {
      const admin = spec.access.staff.includes('admin') ? success : [403];
      return { anonymous: [401], other: [403], owner: [403], admin, staff: success, otherStaff: [403] };
    }
  }
}

describe('authorization matrix', () => {
  it('registers exactly the operations of the endpoint table under /api', () => {
    const registered = t.routes
      .filter((r) => r.url.startsWith('/api/') && r.url !== '/api/*' && !r.url.startsWith('/api/docs') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(registered).toEqual(Object.values(apiPaths).sort());
  });

  it('has a fixture for every kind of row the table names', () => {
    const kinds = new Set(Object.values(endpoints as Record<string, EndpointSpec>).flatMap((spec) => (spec.rows ? [spec.rows.kind] : [])));
    expect([...kinds].filter((kind) => !(kind in rowParams))).toEqual([]);
  });

  it('lets administrators read every desk, while each write keeps its own role', () => {
    const desks = (Object.keys(apiPaths) as ApiOperation[]).filter((operation) => routeOf(operation).path.startsWith('/api/admin/'));
    const access = (operation: ApiOperation) => (endpoints[operation] as EndpointSpec).access;
    const reads = desks.filter((operation) => routeOf(operation).method === 'GET');
    expect(reads.filter((operation) => {
      const level = access(operation);
      return !(level === 'staff' || (typeof level === 'object' && level.staff.includes('admin')));
    })).toEqual([]);
    // A write names one role: the administrators' own desks name theirs, every other desk its own.
    const writes = desks.filter((operation) => routeOf(operation).method !== 'GET');
    expect(writes.filter((operation) => {
      const level = access(operation);
      return typeof level !== 'object' || level.staff.length !== 1;
    })).toEqual([]);
  });

  it.each(Object.keys(apiPaths) as ApiOperation[])('%s', async (operation) => {
    const spec: EndpointSpec = endpoints[operation];
    const { method, path } = routeOf(operation);
    // A read changes no row: the reads share one owner; every other operation gets an owner of its own.
    const { owner, owned } = method === 'GET' ? await (readsOwner ??= ownerWithRows(t.app, excipient)) : await ownerWithRows(t.app, excipient);
    // The owner registered; the other callers are written straight into the database (quickSession).
    const other = await quickSession(t.app, t.database, jwtSecret);
    // Each operation gets staff of its own: logging out must not end the next operation's session.
    const roles = rolesFor(spec);
    const staff = await quickSession(t.app, t.database, jwtSecret, roles.needed);
    const otherStaff = roles.others.length > 0 ? await quickSession(t.app, t.database, jwtSecret, roles.others) : undefined;
    const forStaff = spec.access === 'staff' || typeof spec.access === 'object';
    const admin = forStaff && !roles.needed.includes('admin') ? await quickSession(t.app, t.database, jwtSecret, ['admin']) : undefined;
    const sessions: Record<Caller, Session | undefined> = { anonymous: undefined, other, owner, admin, staff, otherStaff };

    const request = async (who: Caller, token: string | undefined): Promise<InjectOptions> => {
      const params = { ...spec.example?.params, ...(spec.rows ? rowParams[spec.rows.kind]!(owned, excipient) : {}) };
      const headers: Record<string, string> = token ? bearer(token) : {};
      let payload: InjectOptions['payload'] = spec.example?.body as InjectOptions['payload'];
      // Registration and log-in act on an account of their own: a new one, or the caller's. Codes are
      // asked for a new account (or a new member) each time, from an address of its own, so that
      // no sending limit or captcha comes between.
      if (operation === 'accountRegister') payload = await registrationOf(t.app);
      if (operation === 'accountLogin') {
        payload = { account: (sessions[who] ?? owner).account, password: GOOD_PASSWORD };
        if (who === 'admin' || who === 'staff' || who === 'otherStaff') {
          // A staff log-in sends a code: to an account and from an address of its own, so that no
          // sending limit comes between (the registered staff account has just been sent one).
          const account = newAccount();
          await insertAccount(t.database, account, { roles: ['reviewer'] });
          payload = { account, password: GOOD_PASSWORD };
          headers['x-forwarded-for'] = newIp();
        }
      }
      if (operation === 'accountLoginVerify') payload = await staffChallenge(t, newIp());
      if (operation === 'accountSendCode') {
        payload = { account: newAccount(), purpose: 'register' };
        headers['x-forwarded-for'] = newIp();
      }
      if (operation === 'accountResetPassword' || operation === 'accountLoginByCode') {
        const account = newAccount();
        await insertAccount(t.database, account);
        const code = await codeFor(t.app, account, operation === 'accountLoginByCode' ? 'login' : 'reset', newIp());
        payload = operation === 'accountLoginByCode' ? { account, code } : { account, code, password: 'Povidone-K30-Matrix' };
      }
      if (spec.bodyFormat === 'multipart') {
        const file = uploadFor(operation);
        const upload = multipart(file.bytes, file.filename, file.type);
        payload = upload.payload;
        Object.assign(headers, upload.headers);
      }
      return {
        method,
        url: pathWith(path, params),
        headers,
        ...(spec.example?.query ? { query: spec.example.query as Record<string, string> } : {}),
        ...(payload === undefined ? {} : { payload }),
      };
    };

    // Anonymous first, then the other user, then the owner (a deletion by the owner comes late), then the
    // staff: the administrator before the desk's own role, whose write may change the row's state.
    const seen = {} as Record<Caller, number>;
    for (const who of callers) {
      if ((who === 'otherStaff' && !otherStaff) || (who === 'admin' && !admin)) continue;
      seen[who] = (await t.app.inject(await request(who, sessions[who]?.token))).statusCode;
    }
    const expected = expectedStatuses(spec);
    for (const who of Object.keys(seen) as Caller[]) {
      const allowed = stateful[operation]?.[who] !== undefined ? [stateful[operation][who]] : expected[who];
      expect(allowed, `${who}: ${JSON.stringify(seen)}`).toContain(seen[who]);
    }

    // A garbage token is never better than none: refused where a token is needed, ignored where it is optional.
    const garbage = (await t.app.inject(await request('anonymous', 'not.a.token'))).statusCode;
    if (spec.access === 'public' || spec.access === 'optional') expect(garbage).toBe(seen.anonymous);
    else expect(garbage).toBe(401);
  });
});
