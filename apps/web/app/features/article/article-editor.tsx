import type { AdminNews, AdminRegulation, ArticleState, NewsBody, RegulationBody } from '@fuliaotong/contracts';
import { NEWS_CATEGORIES, REGULATION_CATEGORIES, REGULATION_STATUSES } from '@fuliaotong/contracts/constants';
import { Button, DatePicker, Form, Input, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Link } from 'react-router';
import { FormError, useMutationForm } from '../../lib/mutation-form';
import { useDeskWrites } from '../staff/desk-access';
import { articlePublicUrl, useSaveArticle, type ArticleKind, type ArticleSave } from './article-admin-api';
import { RichTextField } from './rich-text-field';

/** The form's values: dates as dayjs for the date pickers. */
interface ArticleForm {
  title: string;
  category?: string;
  source?: string;
  publishedOn?: Dayjs;
  summary?: string;
  issuer?: string;
  docNumber?: string;
  issuedOn?: Dayjs;
  effectiveOn?: Dayjs | null;
  status?: string;
  state: ArticleState;
  publishAt?: Dayjs | null;
  content: string;
}

const fieldNames = [
  'title',
  'category',
  'source',
  'publishedOn',
  'summary',
  'issuer',
  'docNumber',
  'issuedOn',
  'effectiveOn',
  'status',
  'state',
  'publishAt',
  'content',
];
const day = (value: string | null | undefined) => (value ? dayjs(value) : undefined);

function formValuesOf(kind: ArticleKind, article: AdminNews | AdminRegulation | undefined): ArticleForm {
  if (!article) {
    const today = dayjs().startOf('day');
    return kind === 'news'
      ? { title: '', source: '辅料通', publishedOn: today, summary: '', state: 'draft', publishAt: null, content: '' }
      : {
          title: '',
          issuer: '',
          docNumber: '',
          issuedOn: today,
          effectiveOn: null,
          status: '现行',
          state: 'draft',
          publishAt: null,
          content: '',
        };
  }
  const common = {
    title: article.title,
    category: article.category,
    state: article.state,
    publishAt: day(article.publishAt) ?? null,
    content: article.content,
  };
  if ('source' in article) return { ...common, source: article.source, publishedOn: day(article.publishedOn), summary: article.summary };
  return {
    ...common,
    issuer: article.issuer,
    docNumber: article.docNumber ?? '',
    issuedOn: day(article.issuedOn),
    effectiveOn: day(article.effectiveOn) ?? null,
    status: article.status,
  };
}

const savedMessages: Record<ArticleState, string> = {
  draft: '已保存为草稿（网站上不显示）',
  scheduled: '已保存，将在设定的时间自动发布',
  published: '已发布，网站上立即生效',
};

/** What the form saves: the news item's or the regulation's body, with its publication. */
function articleSave(kind: ArticleKind, id: number | undefined, values: ArticleForm): ArticleSave {
  const publication = {
    state: values.state,
    publishAt: values.state === 'scheduled' && values.publishAt ? values.publishAt.toISOString() : null,
  };
  return kind === 'news'
    ? {
        kind,
        id,
        body: {
          title: values.title,
          category: values.category as NewsBody['category'],
          source: values.source ?? '',
          publishedOn: values.publishedOn!.format('YYYY-MM-DD'),
          summary: values.summary ?? '',
          content: values.content ?? '',
          ...publication,
        },
      }
    : {
        kind,
        id,
        body: {
          title: values.title,
          issuer: values.issuer ?? '',
          docNumber: values.docNumber?.trim() || null,
          category: values.category as RegulationBody['category'],
          issuedOn: values.issuedOn!.format('YYYY-MM-DD'),
          effectiveOn: values.effectiveOn ? values.effectiveOn.format('YYYY-MM-DD') : null,
          status: values.status as RegulationBody['status'],
          content: values.content ?? '',
          ...publication,
        },
      };
}

/** The form that writes a news item or a regulation, with its publication (the articles desk's drawer). */
export function ArticleEditor({
  kind,
  article,
  onSaved,
}: {
  kind: ArticleKind;
  article?: AdminNews | AdminRegulation;
  onSaved?: (id: number) => void;
}) {
  const save = useSaveArticle();
  const { form, onFinish, formError, pending } = useMutationForm(save, {
    variables: (values: ArticleForm) => articleSave(kind, article?.id, values),
    fields: fieldNames,
    success: (saved) => savedMessages[saved.state],
    onSuccess: (saved) => {
      if (!article) onSaved?.(saved.id);
    },
  });
  const state = Form.useWatch('state', form);
  const { canWrite } = useDeskWrites();

  const required = (label: string) => ({ required: true, whitespace: true, message: `请填写${label}` });
  return (
    <Form<ArticleForm>
      form={form}
      layout="vertical"
      initialValues={formValuesOf(kind, article)}
      onFinish={onFinish}
      scrollToFirstError
      disabled={!canWrite}
    >
      <FormError className="site-desk__error" message={formError} />
      <Form.Item name="title" label="标题" rules={[required('标题')]}>
        <Input maxLength={kind === 'news' ? 100 : 150} showCount />
      </Form.Item>
      <div className="product-desk__grid">
        <Form.Item
          name="category"
          label={kind === 'news' ? '栏目' : '类别'}
          rules={[{ required: true, message: kind === 'news' ? '请选择栏目' : '请选择类别' }]}
        >
          <Select options={(kind === 'news' ? NEWS_CATEGORIES : REGULATION_CATEGORIES).map((value) => ({ value, label: value }))} />
        </Form.Item>
        {kind === 'news' ? (
          <>
            <Form.Item name="source" label="来源" rules={[required('来源')]}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item
              name="publishedOn"
              label="发布日期"
              extra="页面上显示的日期。"
              rules={[{ required: true, message: '请选择发布日期' }]}
            >
              <DatePicker allowClear={false} />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item name="issuer" label="发布机构" rules={[required('发布机构')]}>
              <Input maxLength={50} placeholder="例如 国家药品监督管理局" />
            </Form.Item>
            <Form.Item name="docNumber" label="文号">
              <Input maxLength={60} placeholder="例如 2026年第18号" />
            </Form.Item>
            <Form.Item name="status" label="效力状态" rules={[{ required: true, message: '请选择效力状态' }]}>
              <Select options={REGULATION_STATUSES.map((value) => ({ value, label: value }))} />
            </Form.Item>
            <Form.Item name="issuedOn" label="发布日期" rules={[{ required: true, message: '请选择发布日期' }]}>
              <DatePicker allowClear={false} />
            </Form.Item>
            <Form.Item name="effectiveOn" label="实施日期">
              <DatePicker placeholder="未定" />
            </Form.Item>
          </>
        )}
      </div>
      {kind === 'news' ? (
        <Form.Item name="summary" label="摘要" extra="资讯列表和搜索结果中显示。" rules={[required('摘要')]}>
          <Input.TextArea maxLength={300} showCount autoSize={{ minRows: 2 }} />
        </Form.Item>
      ) : null}
      <Form.Item
        name="content"
        label="正文"
        extra="可插入图片（上传到本站）、表格和链接；从其他网站复制的图片不会保留，请先保存到电脑再上传。"
        rules={[{ required: true, message: '请填写正文' }]}
      >
        <RichTextField readOnly={!canWrite} />
      </Form.Item>
      <div className="product-desk__grid">
        <Form.Item name="state" label="发布">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'draft', label: '存为草稿' },
              { value: 'published', label: '立即发布' },
              { value: 'scheduled', label: '定时发布' },
            ]}
          />
        </Form.Item>
        {state === 'scheduled' ? (
          <Form.Item name="publishAt" label="发布时间" rules={[{ required: true, message: '定时发布请选择发布时间' }]}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabledDate={(d) => d.isBefore(dayjs().startOf('day'))} />
          </Form.Item>
        ) : null}
      </div>
      <div className="site-desk__actions">
        {canWrite ? (
          <Button type="primary" htmlType="submit" loading={pending}>
            保存
          </Button>
        ) : null}
        {article ? (
          <Link to={articlePublicUrl(kind, article.id)} target="_blank" rel="noopener">
            {article.state === 'published' ? '在网站上查看' : '预览'}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
