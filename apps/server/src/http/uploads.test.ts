import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, ErrorResponse, routeOf, type ApiOperation, type EndpointSpec } from '@fuliaotong/contracts';
import { multipart } from '../../test/accounts.js';
import { uploadFor } from '../../test/fixture-files.js';
import { pathWith } from '../../test/endpoint-fixtures.js';
import { parsed } from '../../test/responses.js';
import { registerStaff } from '../../test/samples.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/*
 * Every upload endpoint refuses a file over its own limit with 413 and says what was uploaded and
 * how large it may be; a file of exactly that size is not refused as too large.
 */

let t: TestApp;
let staff: Awaited<ReturnType<typeof registerStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  // Every role: each desk's upload is reached; a member's own uploads too (staff are users).
  staff = await registerStaff(t.app, t.database);
});
afterAll(async () => {
  await t.close();
});

const MB = 1024 * 1024;

/** Each upload endpoint's limit and what its 413 says. A new upload endpoint must be added here. */
const limits: Partial<Record<ApiOperation, { bytes: number; message: string }>> = {
  accountUploadAvatar: { bytes: 2 * MB, message: '文件过大，图片不能超过 2 MB' },
  adminUploadSiteQr: { bytes: 1 * MB, message: '文件过大，二维码图片不能超过 1 MB' },
  adminArticleImageUpload: { bytes: 5 * MB, message: '文件过大，图片不能超过 5 MB' },
  adminApplicationCoaUpload: { bytes: 10 * MB, message: '文件过大，COA 文件不能超过 10 MB' },
  adminExcipientDocumentUpload: { bytes: 20 * MB, message: '文件过大，资料不能超过 20 MB' },
  orderSlip: { bytes: 5 * MB, message: '文件过大，汇款凭证不能超过 5 MB' },
  adminInvoiceUpload: { bytes: 10 * MB, message: '文件过大，发票文件不能超过 10 MB' },
  adminRegistrationImportPreview: { bytes: 10 * MB, message: '文件过大，数据文件不能超过 10 MB' },
  adminReferenceImport: { bytes: 5 * MB, message: '文件过大，数据文件不能超过 5 MB' },
  companyLicenseUpload: { bytes: 5 * MB, message: '文件过大，营业执照不能超过 5 MB' },
  adminDocumentRequestUpload: { bytes: 20 * MB, message: '文件过大，资料文件不能超过 20 MB' },
  adminChangeNoticeUpload: { bytes: 20 * MB, message: '文件过大，附件不能超过 20 MB' },
  adminBatchCoaUpload: { bytes: 10 * MB, message: '文件过大，检验报告不能超过 10 MB' },
  adminBatchImport: { bytes: 5 * MB, message: '文件过大，数据文件不能超过 5 MB' },
};

const uploads = (Object.keys(endpoints) as ApiOperation[]).filter((operation) => (endpoints[operation] as EndpointSpec).bodyFormat === 'multipart');

/** The endpoint's upload of `size` bytes: its real file padded, or (`garbage`) bytes of no kind at all, refused at once. */
function upload(operation: ApiOperation, size: number, garbage = false) {
  const { method, path } = routeOf(operation);
  const file = uploadFor(operation);
  const bytes = garbage ? Buffer.alloc(size, 0x01) : Buffer.concat([file.bytes, Buffer.alloc(size - file.bytes.length, 0x20)]);
  const body = multipart(bytes, file.filename, file.type);
  const spec: EndpointSpec = endpoints[operation];
  const params = { id: 1, ...spec.example?.params };
  return t.app.inject({ method, url: pathWith(path, params), payload: body.payload, headers: { ...body.headers, ...staff.headers } });
}

describe('too-large uploads', () => {
  it('every upload endpoint is listed with its limit', () => {
    expect(uploads.sort()).toEqual((Object.keys(limits) as ApiOperation[]).sort());
  });

  it.each(uploads)('%s: one byte over its own limit is a 413 naming the kind of file and the limit', async (operation) => {
    const limit = limits[operation]!;
    const over = await upload(operation, limit.bytes + 1);
    expect(over.statusCode, over.body).toBe(413);
    expect(parsed(over, ErrorResponse).error).toMatchObject({ code: 'payload_too_large', message: limit.message });

    // Exactly the limit is read in full, and refused (if at all) for what it is, not for its size.
    const atLimit = await upload(operation, limit.bytes, true);
    expect(atLimit.statusCode, atLimit.body).not.toBe(413);
    expect(atLimit.statusCode, atLimit.body).toBeLessThan(500);
  });
});
