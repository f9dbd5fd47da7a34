export const MAX_PAGE_SIZE = 100;

export const EXCIPIENT_CATEGORIES = [
  '填充剂', '黏合剂', '崩解剂', '润滑剂', '助流剂', '包衣材料', '释放调节剂', '溶剂', '表面活性剂',
  '增稠剂', '防腐剂', '抗氧剂', 'pH 调节剂', '矫味剂', '增塑剂',
] as const;
export const DOSAGE_FORMS = [
  '片剂', '胶囊剂', '颗粒剂', '散剂', '口服溶液剂', '混悬剂', '注射剂', '软膏剂', '乳膏剂', '凝胶剂',
  '栓剂', '眼用制剂', '吸入制剂', '贴剂',
] as const;
export const PHARMACOPOEIAS = ['ChP', 'USP-NF', 'EP', 'JP'] as const;
export const pharmacopoeiaLabels: Record<(typeof PHARMACOPOEIAS)[number], string> = {
  ChP: '中国药典',
  'USP-NF': '美国药典/国家处方集',
  EP: '欧洲药典',
  JP: '日本药局方',
};

export const DOCUMENT_KINDS = ['TDS', 'SDS', 'COA', 'DMF'] as const;
export const documentKindLabels: Record<(typeof DOCUMENT_KINDS)[number], string> = {
  TDS: '技术资料（TDS）',
  SDS: '安全技术说明书（SDS）',
  COA: '检验报告样例（COA）',
  DMF: 'DMF 资料',
};
/** Which excipients the staff list shows: published 已上架, unpublished 已下架. */
export const EXCIPIENT_STATES = ['published', 'unpublished'] as const;
/** The largest excipient document (PDF) the staff may upload. */
export const EXCIPIENT_DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
/**
 * public: anyone may download · login: signed-in users · member: 会员资料, holders of a membership ·
 * request: sent on request (申请获取).
 */
export const DOCUMENT_ACCESS = ['public', 'login', 'member', 'request'] as const;
/**
 * What a safety data sheet (SDS) may be: safety information is for everyone who handles the product, so
 * never 会员资料 nor sent on request; the download lets every signed-in user have it whatever a row says.
 */
export const SDS_ACCESS: readonly (typeof DOCUMENT_ACCESS)[number][] = ['public', 'login'];
export const documentAccessLabels: Record<(typeof DOCUMENT_ACCESS)[number], string> = {
  public: '公开下载',
  login: '登录后下载',
  member: '会员资料',
  request: '申请获取',
};

/** 原辅包登记 types: excipient 辅料, packaging 药包材, API 原料药. */
export const REGISTRATION_TYPES = ['辅料', '药包材', '原料药'] as const;
/** 与制剂共同审评审批结果 (CDE): A 已批准在上市制剂使用, I 尚未通过与制剂共同审评审批. Labels say it whole, wherever shown. */
export const REVIEW_STATUSES = ['A', 'I'] as const;
export const reviewStatusLabels = { A: 'A（已批准在上市制剂使用）', I: 'I（尚未通过与制剂共同审评审批）' } as const;
export const REGISTRATION_SOURCES = ['国产', '进口'] as const;
/** Registration number: F (辅料) / B (药包材) / Y (原料药) + year + 7 digits, e.g. F20190000123. */
export const REG_NO_PATTERN = /^[FBY]20\d{2}\d{7}$/;
/** The largest registration file (CSV or Excel) the imports desk takes, and its most data rows. */
export const REGISTRATION_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const REGISTRATION_IMPORT_MAX_ROWS = 20_000;
/** The most records one export writes. */
export const REGISTRATION_EXPORT_MAX_ROWS = 20_000;
/**
 * Registration lists count their matches exactly up to this many; a larger total is an estimate
 * (`totalExact: false`, shown as 约 …; docs/decisions/0076).
 */
export const REGISTRATION_EXACT_COUNT = 10_000;
/**
 * Registration list pages reached by number (`page`) cover the first this many records; further pages
 * follow `nextCursor` (`after`), which costs the same on page 500 as on page 2.
 */
export const REGISTRATION_COUNT_CAP = 1_000;
/** The CDE column names of the import file, in order. */
export const REGISTRATION_CSV_COLUMNS = [
  '登记号', '品种名称', '企业名称', '企业地址', '省份', '产品来源', '规格', '包装规格', '类型',
  '与制剂共同审评审批结果', '更新日期', '备注',
] as const;

/** The databases of /database: registration records, pharmacopoeia standards and usage data. */
export const DATABASE_CODES = ['registration', 'standard', 'usage'] as const;
export const databaseLabels: Record<(typeof DATABASE_CODES)[number], string> = {
  registration: '原辅包登记信息',
  standard: '药典标准数据库',
  usage: '辅料用量数据库',
};
export const STANDARD_STATUSES = ['现行', '废止', '草案公示'] as const;
/** The most 检验项目 one standard lists. */
export const STANDARD_MAX_TEST_ITEMS = 40;

/**
 * What each database shows a signed-in user (labels, in the page's order), and its 会员可见 fields (API
 * key → label) that the database's subscription or a membership adds. The services leave out exactly
 * these keys for other callers (named in `locked`); the plans list them as what they unlock.
 */
export const DATABASE_FIELDS = {
  registration: {
    signedIn: ['登记号', '品种名称', '企业名称', '企业地址', '省份', '产品来源', '规格', '包装规格', '类型', '与制剂共同审评审批结果', '更新日期'],
    member: { remark: '备注' },
  },
  standard: {
    signedIn: ['品种名称', '英文名称', '药典', '版本', '状态', '实施日期'],
    member: { testItems: '检验项目', revisionNote: '修订说明' },
  },
  usage: {
    signedIn: ['辅料名称', '给药途径', '剂型'],
    member: { maxAmount: '单位制剂最大用量' },
  },
} as const satisfies Record<(typeof DATABASE_CODES)[number], { signedIn: readonly string[]; member: Record<string, string> }>;
/** The 会员可见 fields (API keys) of a database. */
export const memberFieldsOf = <C extends (typeof DATABASE_CODES)[number]>(code: C) =>
  Object.keys(DATABASE_FIELDS[code].member) as Array<keyof (typeof DATABASE_FIELDS)[C]['member'] & string>;

export const REGULATION_CATEGORIES = ['法律法规', '部门规章', '规范性文件', '技术指导原则', '药典公告', '征求意见稿'] as const;
export const REGULATION_STATUSES = ['现行', '废止', '征求意见'] as const;
export const NEWS_CATEGORIES = ['行业动态', '政策解读', '技术文章', '企业新闻', '展会活动'] as const;

export const SEARCH_MAX_LENGTH = 50;
export const SEARCH_TYPES = ['all', 'excipient', 'registration', 'regulation', 'news'] as const;
export const searchTypeLabels: Record<(typeof SEARCH_TYPES)[number], string> = {
  all: '全部',
  excipient: '辅料产品',
  registration: '登记信息',
  regulation: '法规政策',
  news: '行业资讯',
};

/*
 * Articles (news and regulations) on the articles desk: a draft is seen by editors only; a published
 * article with a publication time in the future is scheduled and appears by itself at that time.
 */
export const ARTICLE_STATES = ['draft', 'scheduled', 'published'] as const;
export const articleStateLabels: Record<(typeof ARTICLE_STATES)[number], string> = {
  draft: '草稿',
  scheduled: '定时发布',
  published: '已发布',
};
export const ARTICLE_CONTENT_MAX_LENGTH = 200_000;
export const ARTICLE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/* The databases desk: standards and usage rows, in and out as spreadsheets with these column names. */
export const STANDARD_COLUMNS = ['品种名称', '英文名称', '药典', '版本', '状态', '实施日期', '检验项目', '修订说明'] as const;
export const USAGE_COLUMNS = ['辅料名称', '给药途径', '剂型', '单位制剂最大用量'] as const;
export const REFERENCE_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const REFERENCE_IMPORT_MAX_ROWS = 20_000;

/*
 * What is for sale: membership (the 会员可见 fields of every database, for one account or a company's
 * seats) and a year of one database. Prices are integer 分.
 */
export const PLAN_KINDS = ['membership', 'database'] as const;
export const planKindLabels: Record<(typeof PLAN_KINDS)[number], string> = { membership: '会员', database: '数据库订阅' };
export const PLAN_MAX_PRICE_FEN = 100_000_000;
