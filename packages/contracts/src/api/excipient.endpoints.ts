import { z } from 'zod';
import { IdParams } from '../common.js';
import {
  AdminExcipient,
  AdminExcipientPage,
  AdminExcipientQuery,
  DocumentUpload,
  ExcipientBody,
  ExcipientPublishBody,
} from '../excipient-admin.js';
import { ExcipientDetail, ExcipientFacets, ExcipientPage, ExcipientQuery } from '../excipient.js';
import { EXCIPIENT_DOCUMENT_MAX_BYTES } from '../constants/information.js';
import { AdminSafetyData, SafetyDataBody } from '../safety-data.js';
import { deskReads, type EndpointSpec } from './endpoint.js';

const DESK_TAG = '产品管理';
const editor = { staff: ['editor'] } as const;
/** Reads of the desk: its own role, and administrators (who read every desk). */
const editorReads = deskReads('editor');
/** Excipients the desk may rewrite: others than the ones the other fixtures read. */
const excipientRow = { kind: 'excipientRow', owner: false } as const;

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
  dangerousGoods: null,
  specs: [{ grade: 'PH101', packSize: '500 g', sampleAvailable: true }],
  documents: [],
};

const emptySections = {
  identification: '', hazards: '', composition: '', firstAid: '', fireFighting: '', accidentalRelease: '', handlingStorage: '',
  exposureControls: '', physicalProperties: '', stabilityReactivity: '', toxicology: '', ecology: '', disposal: '', transport: '',
  regulatory: '', other: '',
};
const exampleSafetyData = {
  revision: '1.0',
  revisedOn: '2025-03-01',
  recommendedUse: '药用辅料（填充剂）',
  restrictedUse: '',
  hazards: [],
  signalWord: null,
  pictograms: [],
  hazardStatements: [],
  precautionaryStatements: [],
  compositionKind: 'substance',
  components: [{ name: '微晶纤维素', cas: '9004-34-6', concentration: '≥ 99%' }],
  properties: {
    appearance: '白色或类白色粉末', odour: '无臭', ph: '5.0～7.5（10% 混悬液）', meltingPoint: '约 260～270 °C 分解', boilingPoint: '',
    flashPoint: '', explosiveLimits: '', vapourPressure: '', density: '1.5～1.6', solubility: '不溶于水、稀酸和多数有机溶剂',
    partitionCoefficient: '', autoIgnition: '',
  },
  transport: { unNumber: '', properName: '', transportClass: '', subsidiaryClass: '', packingGroup: null, marinePollutant: false },
  sections: { ...emptySections, firstAid: '吸入：移至空气新鲜处。眼睛接触：用流动清水冲洗。' },
};

/**
 * Excipients (辅料产品): the public catalogue and its documents, and the products desk (editors) —
 * specs, sample switches, home recommendations and documents.
 */
export const excipientEndpoints = {
  excipientList: {
    access: 'public',
    shared: true,
    tag: '辅料产品',
    summary: '辅料产品列表（关键词、功能类别、剂型、药典、是否提供样品；有关键词时名称完全相同者在前）',
    query: ExcipientQuery,
    responses: { 200: ExcipientPage },
  },
  excipientFacets: {
    access: 'public',
    shared: true,
    tag: '辅料产品',
    summary: '辅料产品的筛选项及各项产品数',
    responses: { 200: ExcipientFacets },
  },
  excipientGet: {
    access: 'optional',
    shared: true,
    tag: '辅料产品',
    summary: '辅料产品详情（规格、登记号、资料；登录后可下载登录可见的资料，并返回本人的收藏）',
    params: IdParams,
    responses: { 200: ExcipientDetail },
    rows: { kind: 'excipient', owner: false },
  },
  excipientDocument: {
    access: 'optional',
    tag: '辅料产品',
    summary: '下载产品资料（工作人员上传的 PDF，或由产品信息生成的 PDF；安全技术说明书由产品的安全技术说明书数据生成，尚未发布时 404；安全技术说明书登录即可下载，不论资料设为何种权限）；登录可见的资料需登录（401）；会员资料需登录（401）且为会员（403）；需申请的资料不可直接下载（403）',
    params: IdParams.extend({ docId: IdParams.shape.id }),
    responses: { 200: z.string().describe('application/pdf，或 text/plain; charset=utf-8') },
    responseFormat: 'binary',
    errors: [401, 403],
    rows: { kind: 'document', owner: false },
  },

  adminExcipientList: {
    access: editorReads,
    tag: DESK_TAG,
    summary: '产品列表（含已下架），按名称、别名、CAS 号搜索，按上架状态筛选',
    query: AdminExcipientQuery,
    responses: { 200: AdminExcipientPage },
  },
  adminExcipientGet: {
    access: editorReads,
    tag: DESK_TAG,
    summary: '一个产品的全部内容：规格、样品开关、首页推荐、资料',
    params: IdParams,
    responses: { 200: AdminExcipient },
    rows: excipientRow,
  },
  adminExcipientCreate: {
    access: editor,
    tag: DESK_TAG,
    summary: '新建产品（连同规格与资料）',
    description: '资料的 PDF 先用上传接口上传，再以返回的 file 作为资料的 file 传入。',
    body: ExcipientBody,
    responses: { 201: AdminExcipient },
    example: { body: exampleBody },
  },
  adminExcipientUpdate: {
    access: editor,
    tag: DESK_TAG,
    summary: '修改产品：规格与资料按列表保存（带 id 的保留并修改，不带 id 的新增，列表中没有的删除）',
    description: '已有样品申请的规格删除后，申请中保留当时的规格名称。保存后公开页面立即更新，修改前后的值记入操作日志。',
    params: IdParams,
    body: ExcipientBody,
    responses: { 200: AdminExcipient },
    rows: excipientRow,
    example: { body: { ...exampleBody, published: true } },
  },
  adminExcipientPublish: {
    access: editor,
    tag: DESK_TAG,
    summary: '上架或下架产品：下架的产品不出现在产品列表、搜索和首页，详情页 404，不能申请样品',
    params: IdParams,
    body: ExcipientPublishBody,
    responses: { 200: AdminExcipient },
    rows: excipientRow,
    example: { body: { published: true } },
  },
  adminExcipientDocumentUpload: {
    access: editor,
    tag: DESK_TAG,
    summary: `上传产品资料的 PDF（multipart/form-data，字段 file，最大 ${EXCIPIENT_DOCUMENT_MAX_BYTES / 1024 / 1024} MB；按文件内容检查是否为 PDF）`,
    bodyFormat: 'multipart',
    body: z.object({ file: z.string().describe('PDF 文件（binary）') }),
    responses: { 201: DocumentUpload },
    errors: [413, 415],
  },
  adminExcipientSafetyGet: {
    access: editorReads,
    tag: DESK_TAG,
    summary: '产品的安全技术说明书数据（GB/T 16483、GB/T 17519 的 16 个部分）；尚未编写时 sheet 为 null',
    params: IdParams,
    responses: { 200: AdminSafetyData },
    rows: excipientRow,
  },
  adminExcipientSafetySave: {
    access: editor,
    tag: DESK_TAG,
    summary: '保存产品的安全技术说明书（整份替换）：GHS 分类、信号词、象形图、H/P 语句、组成、理化特性、运输信息与各部分文字',
    description:
      'UN 编号须与产品的危险化学品运输条款一致（两者都没有，或为同一编号）。说明书以修订日期与版本号印出；保存后下载即为新版本，修改前后的值记入操作日志。',
    params: IdParams,
    body: SafetyDataBody,
    responses: { 200: AdminSafetyData },
    rows: excipientRow,
    example: { body: exampleSafetyData },
  },
} as const satisfies Record<string, EndpointSpec>;
