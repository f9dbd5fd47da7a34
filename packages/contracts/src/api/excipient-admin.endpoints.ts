import { z } from 'zod';
import { IdParams } from '../common.js';
import { PRODUCT_DOCUMENT_MAX_BYTES } from '../constants/information.js';
import { AdminExcipient, AdminExcipientPage, AdminExcipientQuery, DocumentUpload, ExcipientBody, ExcipientPublishBody } from '../excipient-admin.js';
import { deskReads, type EndpointSpec } from './endpoint.js';

const TAG = '产品管理';
const editor = { staff: ['editor'] } as const;
/** Reads of the desk: its own role, and administrators (who read every desk). */
const editorReads = deskReads('editor');
const product = { kind: 'product', owner: false } as const;

const exampleBody = {
  nameZh: '微晶纤维素（示例）',
  nameEn: 'Microcrystalline Cellulose',
  synonyms: ['MCC'],
  cas: '9004-34-6',
  category: '填充剂',
  dosageForms: ['片剂', '胶囊剂'],
  pharmacopoeias: ['ChP', 'USP-NF'],
  summary: '直压片的干黏合剂与填充剂。',
  description: '',
  regNos: [],
  published: false,
  sampleAvailable: true,
  featured: false,
  featuredOrder: 0,
  specs: [{ grade: 'PH101', packSize: '500 g', sampleAvailable: true }],
  documents: [],
};

/** The products desk (editors): the catalogue, its specs, sample switches, home recommendations and documents. */
export const excipientAdminEndpoints = {
  adminExcipientList: {
    access: editorReads,
    tag: TAG,
    summary: '产品列表（含已下架），按名称、别名、CAS 号搜索，按上架状态筛选',
    query: AdminExcipientQuery,
    responses: { 200: AdminExcipientPage },
  },
  adminExcipientGet: {
    access: editorReads,
    tag: TAG,
    summary: '一个产品的全部内容：规格、样品开关、首页推荐、资料',
    params: IdParams,
    responses: { 200: AdminExcipient },
    rows: product,
  },
  adminExcipientCreate: {
    access: editor,
    tag: TAG,
    summary: '新建产品（连同规格与资料）',
    description: '资料的 PDF 先用上传接口上传，再以返回的 file 作为资料的 file 传入。',
    body: ExcipientBody,
    responses: { 201: AdminExcipient },
    example: { body: exampleBody },
  },
  adminExcipientUpdate: {
    access: editor,
    tag: TAG,
    summary: '修改产品：规格与资料按列表保存（带 id 的保留并修改，不带 id 的新增，列表中没有的删除）',
    description: '已有样品申请的规格删除后，申请中保留当时的规格名称。保存后公开页面立即更新，修改前后的值记入操作日志。',
    params: IdParams,
    body: ExcipientBody,
    responses: { 200: AdminExcipient },
    rows: product,
    example: { body: { ...exampleBody, published: true } },
  },
  adminExcipientPublish: {
    access: editor,
    tag: TAG,
    summary: '上架或下架产品：下架的产品不出现在产品列表、搜索和首页，详情页 404，不能申请样品',
    params: IdParams,
    body: ExcipientPublishBody,
    responses: { 200: AdminExcipient },
    rows: product,
    example: { body: { published: true } },
  },
  adminExcipientDocumentUpload: {
    access: editor,
    tag: TAG,
    summary: `上传产品资料的 PDF（multipart/form-data，字段 file，最大 ${PRODUCT_DOCUMENT_MAX_BYTES / 1024 / 1024} MB；按文件内容检查是否为 PDF）`,
    bodyFormat: 'multipart',
    body: z.object({ file: z.string().describe('PDF 文件（binary）') }),
    responses: { 201: DocumentUpload },
    errors: [413, 415],
  },
} as const satisfies Record<string, EndpointSpec>;
