import type { LegalDocument } from '@fuliaotong/contracts';
import { LEGAL_DOCUMENTS, LEGAL_PLACEHOLDERS, legalDocumentLabels, paths } from '@fuliaotong/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Link } from 'react-router';
import { LoadError } from '../../components/load-state';
import { RichTextField } from '../../features/article/rich-text-field';
import { adminLegalTextQuery, usePublishLegalText } from '../../features/legal/legal-api';
import { Desk } from '../../features/staff/desk/desk';
import { DeskChoice } from '../../features/staff/desk/desk-filters';
import { useDeskQuery } from '../../features/staff/desk/desk-query';
import { FormError, useMutationForm } from '../../lib/mutation-form';
import { pageMeta } from '../../site/pages';
import './staff-desks.css';

export function meta() {
  return pageMeta(paths.adminLegal);
}

const placeholderHint = Object.entries(LEGAL_PLACEHOLDERS)
  .map(([key, label]) => `{{${key}}}（${label}）`)
  .join('、');

/** The legal texts desk (admins): 用户协议 and 隐私政策, each published with a new version. */
export default function AdminLegalPage() {
  const { searchParams } = useDeskQuery();
  const doc: LegalDocument = searchParams.get('doc') === 'privacy' ? 'privacy' : 'agreement';
  const text = useQuery(adminLegalTextQuery(doc));
  return (
    <Desk
      path={paths.adminLegal}
      filters={
        <>
          <DeskChoice
            label="文本"
            param="doc"
            value={doc}
            options={LEGAL_DOCUMENTS.map((value) => ({ value, label: legalDocumentLabels[value] }))}
          />
          <Link to={doc === 'agreement' ? paths.agreement : paths.privacy} target="_blank" rel="noopener">
            查看当前页面
          </Link>
        </>
      }
    >
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
    </Desk>
  );
}

interface LegalForm {
  html: string;
  version: Dayjs;
}

function LegalEditor({ doc, html, version, updatedAt }: { doc: LegalDocument; html: string; version: string; updatedAt: string | null }) {
  const { form, onFinish, formError, pending } = useMutationForm(usePublishLegalText(doc), {
    variables: (values: LegalForm) => ({ html: values.html, version: values.version.format('YYYY-MM-DD') }),
    fields: ['html', 'version'],
    success: (saved) => `已发布${legalDocumentLabels[doc]}（版本 ${saved.version}），页面立即更新`,
  });
  return (
    <Form<LegalForm> form={form} layout="vertical" initialValues={{ html, version: dayjs(version) }} onFinish={onFinish}>
      <FormError className="site-desk__error" message={formError} />
      <p className="muted small">
        当前版本 {version}
        {updatedAt ? `，最后发布于 ${dayjs(updatedAt).format('YYYY-MM-DD HH:mm')}` : '（初始文本）'}。二级标题即页面上的章节与目录。
        可使用占位符：{placeholderHint}，页面显示时替换为“网站信息”中的值。
      </p>
      <Form.Item name="html" label="正文" rules={[{ required: true, message: '请填写正文' }]}>
        <RichTextField />
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
        <Button type="primary" htmlType="submit" loading={pending}>
          发布
        </Button>
      </div>
    </Form>
  );
}
