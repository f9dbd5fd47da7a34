import { z } from 'zod';
import { NewsDetail, NewsPage, NewsQuery, RegulationDetail, RegulationPage, RegulationQuery } from '../article.js';
import { IdParams } from '../common.js';
import { SEARCH_MAX_LENGTH } from '../constants/information.js';
import { ExcipientDetail, ExcipientFacets, ExcipientPage, ExcipientQuery } from '../excipient.js';
import { HomeData } from '../home.js';
import { DatabaseCode, DatabaseList, DatabaseRecordPage, DatabaseRecordQuery, StandardRecord, UsageRecord } from '../reference.js';
import { RegistrationDetail, RegistrationPage, RegistrationQuery } from '../registration.js';
import { SearchQuery, SearchResult } from '../search.js';
import type { EndpointSpec } from './endpoint.js';

const CodeParams = z.object({ code: DatabaseCode });

/** Public information: anyone may read it; a token personalises some answers (favorites, gated fields). */
export const informationEndpoints = {
  home: {
    access: 'optional',
    shared: true,
    tag: '首页',
    summary: '首页数据：推荐产品（最多 8 个）、数据库（含调用者能否查看）、最新资讯与法规（各 6 条）、产品总数',
    responses: { 200: HomeData },
  },

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
    summary: '下载产品资料（工作人员上传的 PDF，或由产品信息生成的文本）；登录可见的资料需登录（401）；会员资料需登录（401）且为会员（403）；需申请的资料不可直接下载（403）',
    params: IdParams.extend({ docId: IdParams.shape.id }),
    responses: { 200: z.string().describe('application/pdf，或 text/plain; charset=utf-8') },
    responseFormat: 'binary',
    errors: [401, 403],
    rows: { kind: 'document', owner: false },
  },

  registrationSearch: {
    access: 'public',
    shared: true,
    tag: '登记信息',
    summary: '原辅包登记信息检索（登记号/品种/企业关键词、类型、审评结果、省份、企业、更新日期、排序）',
    query: RegistrationQuery,
    responses: { 200: RegistrationPage },
  },
  registrationGet: {
    access: 'optional',
    shared: true,
    tag: '登记信息',
    summary: '一条登记信息（企业地址、规格、包装规格登录可见；备注会员可见；不可见的字段列在 locked 中）',
    params: IdParams,
    responses: { 200: RegistrationDetail },
    rows: { kind: 'registration', owner: false },
  },

  databaseList: {
    access: 'optional',
    shared: true,
    tag: '数据库',
    summary: '数据库列表（记录数、更新日期、访问级别，以及调用者能否查看）',
    responses: { 200: DatabaseList },
  },
  databaseRecords: {
    access: 'optional',
    shared: true,
    tag: '数据库',
    summary: '一个数据库的记录（药典标准或辅料用量）',
    description:
      'standard 返回 StandardPage（关键词、药典、状态），usage 返回 UsagePage（关键词、给药途径、剂型；最大用量会员可见）；' +
      'registration 请用 /api/app/registration。无权查看时 401（未登录）或 403（需会员）',
    params: CodeParams,
    query: DatabaseRecordQuery,
    responses: { 200: DatabaseRecordPage },
    errors: [401, 403],
    example: { params: { code: 'standard' } },
  },
  databaseRecord: {
    access: 'optional',
    shared: true,
    tag: '数据库',
    summary: '一个数据库的一条记录（standard 或 usage，权限同记录列表）',
    params: CodeParams.extend({ id: IdParams.shape.id }),
    responses: { 200: z.union([StandardRecord, UsageRecord]) },
    errors: [401, 403],
    rows: { kind: 'standard', owner: false },
    example: { params: { code: 'standard' } },
  },

  regulationList: {
    access: 'public',
    shared: true,
    tag: '法规',
    summary: '法规列表（关键词、类别、状态、发布日期；新的在前）',
    query: RegulationQuery,
    responses: { 200: RegulationPage },
  },
  regulationGet: {
    access: 'optional',
    shared: true,
    tag: '法规',
    summary: '法规全文',
    params: IdParams,
    responses: { 200: RegulationDetail },
    rows: { kind: 'regulation', owner: false },
  },
  newsList: {
    access: 'public',
    shared: true,
    tag: '资讯',
    summary: '资讯列表（关键词、栏目；新的在前）',
    query: NewsQuery,
    responses: { 200: NewsPage },
  },
  newsGet: {
    access: 'optional',
    shared: true,
    tag: '资讯',
    summary: '资讯全文',
    params: IdParams,
    responses: { 200: NewsDetail },
    rows: { kind: 'news', owner: false },
  },

  search: {
    access: 'public',
    tag: '搜索',
    summary: `全站搜索：辅料产品、登记信息、法规、资讯（关键词 1–${SEARCH_MAX_LENGTH} 字）`,
    description:
      '各类型的数量最多数到 countCap；type=all 时每类返回前 5 条（不分页），totalCount 为各类数量之和；' +
      '高亮为标题与摘要中关键词出现的 [起, 止) 位置',
    query: SearchQuery,
    responses: { 200: SearchResult },
    example: { query: { q: '乳糖' } },
  },
} as const satisfies Record<string, EndpointSpec>;
