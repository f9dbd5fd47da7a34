import { paths } from '@fuliaotong/contracts/constants';

/** The public sections, as introduced on the home pages. */
export const sections = [
  { title: '辅料产品', to: paths.excipients, text: '按功能分类、适用剂型和药典标准查找药用辅料，在线申请样品。' },
  { title: '原辅包登记信息', to: paths.registrations, text: 'CDE 原料药、药用辅料与药包材登记信息及与制剂共同审评审批结果。' },
  { title: '药典标准', to: paths.standards, text: 'ChP、USP-NF、EP、JP 各版药典的辅料专论与现行状态。' },
  { title: '数据库', to: paths.database, text: '登记、标准与辅料用量数据，一站检索。' },
  { title: '法规政策', to: paths.regulations, text: '药用辅料相关法规、指导原则与征求意见稿。' },
  { title: '行业资讯', to: paths.news, text: '药用辅料行业动态、政策解读与技术文章。' },
] as const;
