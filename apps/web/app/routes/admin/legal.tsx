import type { LegalDocument } from '@fuliaotong/contracts';
import { LEGAL_DOCUMENTS, LEGAL_PLACEHOLDERS, legalDocumentLabels, paths } from '@fuliaotong/contracts/constants';
import { Alert, Button, DatePicker, Form, Segmented } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '../../components/load-state';
import { PageHeading } from '../../components/page-heading';
import { RichTextEditor } from '../../features/article/rich-text-editor';
import { useAdminLegalText, usePublishLegalText } from '../../features/legal/legal-api';
import { showServerErrors } from '../../lib/api-errors';
import { pageInfo, pageMeta } from '../../site/pages';
import './staff-desks.css';
import { toast } from '../../components/toast';

export function meta() {
  return pageMeta(paths.adminLegal);
}

const placeholderHint = Object.entries(LEGAL_PLACEHOLDERS)
  .map(([key, label]) => `{{${key}}}（${label}）`)
  .join('、');

/** The legal texts desk (admins): 用户协议 and 隐私政策, each published with a new version. */
export default function AdminLegalPage() {
  const info = pageInfo(paths.adminLegal);
  const [searchParams, setSearchParams] = useSearchParams();
  const doc: LegalDocument = searchParams.get('doc') === 'privacy' ? 'privacy' : 'agreement';
  const text = useAdminLegalText(doc);
  return (
    <div className="admin-page staff-desk">
      <PageHeading title={info.title} description={info.description} />
      <div className="staff-desk__filters">
        <Segmented<LegalDocument>
          aria-label="文本"
          value={doc}
          options={LEGAL_DOCUMENTS.map((value) => ({ value, label: legalDocumentLabels[value] }))}
          onChange={(value) => setSearchParams(value === 'agreement' ? {} : { doc: value }, { preventScrollReset: true })}
        />
        <Link to={doc === 'agreement' ? paths.agreement : paths.privacy} target="_blank" rel="noopener">
          查看当前页面
        </Link>
      </div>
      {text.isError ? (
        <LoadError title="加载失败" error={text.error} onRetry={() => void text.refetch()} />
      ) : text.data ? (
        <LegalEditor
          key={`${doc}-${text.data.version}-${text.data.updatedAt ?? ''}`}
          doc={doc}
          html={text.data.html}
          version={text.data.version}
          updatedAt={text.data.updatedAt}
        />
      ) : null}
    </div>
  );
}

interface LegalForm {
  html: string;
  version: Dayjs;
}

function LegalEditor({ doc, html, version, updatedAt }: { doc: LegalDocument; html: string; version: string; updatedAt: string | null }) {
  const [form] = Form.useForm<LegalForm>();
  const publish = usePublishLegalText(doc);
  const [formError, setFormError] = useState<string>();
  const submit = async (values: LegalForm) => {
    setFormError(undefined);
    try {
      const saved = await publish.mutateAsync({ html: values.html, version: values.version.format('YYYY-MM-DD') });
      toast.success(`已发布${legalDocumentLabels[doc]}（版本 ${saved.version}），页面立即更新`);
    } catch (error) {
      setFormError(showServerErrors(form, error, ['html', 'version']));
    }
  };
  return (
    <Form<LegalForm> form={form} layout="vertical" initialValues={{ html, version: dayjs(version) }} onFinish={(v) => void submit(v)}>
      {formError ? <Alert className="site-desk__error" type="error" showIcon title={formError} /> : null}
      <p className="muted small">
        当前版本 {version}
        {updatedAt ? `，最后发布于 ${dayjs(updatedAt).format('YYYY-MM-DD HH:mm')}` : '（初始文本）'}。二级标题即页面上的章节与目录。
        可使用占位符：{placeholderHint}，页面显示时替换为“网站信息”中的值。
      </p>
      <Form.Item name="html" label="正文" rules={[{ required: true, message: '请填写正文' }]}>
        <RichTextEditor />
      </Form.Item>
      <Form.Item
        name="version"
        label="版本（生效日期）"
        extra="修改了内容请使用新的日期：此后注册的用户同意的是新版本。不能早于当前版本。"
        rules={[{ required: true, message: '请选择版本日期' }]}
      >
        <DatePicker allowClear={false} disabledDate={(d) => d.isBefore(dayjs(version), 'day')} />
      </Form.Item>
      <div className="site-desk__actions">
        <Button type="primary" htmlType="submit" loading={publish.isPending}>
          发布
        </Button>
      </div>
    </Form>
  );
}
