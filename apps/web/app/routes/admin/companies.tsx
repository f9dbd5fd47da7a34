import type { AdminCompany, AdminCompanySummary, CompanyAllowanceBody, CompanyState } from '@fuliaotong/contracts';
import { COMPANY_STATES, companyRoleLabels, companyStateLabels, paths } from '@fuliaotong/contracts/constants';
import { errorMessage } from '@fuliaotong/client';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Form, Input, InputNumber, Popconfirm, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { toast } from '../../components/toast';
import {
  ADMIN_COMPANIES_PAGE_SIZE,
  adminCompaniesQuery,
  adminCompanyQuery,
  useRejectCompany,
  useSetCompanyAllowance,
  useVerifyCompany,
} from '../../features/company/company-api';
import { allowanceBody, allowanceCountText } from '../../features/company/company-rules';
import { CompanyStatusTag } from '../../features/company/company-status';
import { LicenseImage } from '../../features/company/license-image';
import { useDeskWrites } from '../../features/staff/desk-access';
import { Desk } from '../../features/staff/desk/desk';
import { DeskDrawer, DeskItem } from '../../features/staff/desk/desk-drawer';
import { DeskChoice, DeskSearch } from '../../features/staff/desk/desk-filters';
import { DeskLink, DeskTable } from '../../features/staff/desk/desk-table';
import { paramOf, useDeskQuery } from '../../features/staff/desk/desk-query';
import { FormError, useMutationForm } from '../../lib/mutation-form';
import { pageMeta } from '../../site/pages';
import './staff-desks.css';

export function meta() {
  return pageMeta(paths.adminCompanies);
}

const day = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD') : '—');

/** The company desk (sales): companies awaiting verification first; open one to verify, reject or set its sample allowance. */
export default function AdminCompaniesPage() {
  const { searchParams, keyword, page, openId, go } = useDeskQuery();
  const status = searchParams.has('status') ? paramOf(searchParams.get('status'), COMPANY_STATES) : 'pending';
  const list = useQuery(adminCompaniesQuery({ status, keyword: keyword || undefined, page }));
  const { canWrite } = useDeskWrites();
  const columns: ColumnsType<AdminCompanySummary> = [
    {
      title: '企业名称',
      dataIndex: 'name',
      render: (name: string, company) => (
        <DeskLink onClick={() => go({ id: company.id })} label={`${canWrite && company.status === 'pending' ? '认证' : '查看'}企业 ${name}`}>
          {name}
        </DeskLink>
      ),
    },
    { title: '统一社会信用代码', dataIndex: 'creditCode' },
    { title: '联系人', key: 'contact', render: (_, company) => `${company.contactName} ${company.contactPhone}` },
    { title: '成员', dataIndex: 'memberCount', align: 'right', render: (count: number) => `${count} 人` },
    { title: '营业执照', dataIndex: 'hasLicense', render: (has: boolean) => (has ? '已上传' : <Tag>未上传</Tag>) },
    { title: '状态', dataIndex: 'status', render: (s: CompanyState) => <CompanyStatusTag status={s} /> },
    { title: '创建时间', dataIndex: 'createdAt', render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm') },
  ];
  return (
    <Desk
      path={paths.adminCompanies}
      refresh={list}
      filters={
        <>
          <DeskChoice
            label="企业状态"
            param="status"
            value={status ?? 'all'}
            options={[...COMPANY_STATES.map((s) => ({ label: companyStateLabels[s], value: s })), { label: '全部', value: 'all' }]}
            clears={null}
            also={{ id: null }}
          />
          <DeskSearch label="搜索企业" placeholder="企业名称或统一社会信用代码" />
        </>
      }
      editor={<CompanyDrawer id={typeof openId === 'number' ? openId : undefined} onClose={() => go({ id: null })} />}
    >
      <DeskTable
        list={list}
        columns={columns}
        errorTitle="企业列表加载失败"
        scrollX={900}
        noun={status ? `${companyStateLabels[status]}的企业` : '企业'}
        paging={{ pageSize: ADMIN_COMPANIES_PAGE_SIZE, unit: '家' }}
      />
    </Desk>
  );
}

function CompanyDrawer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const company = useQuery({ ...adminCompanyQuery(id ?? 0), enabled: id !== undefined });
  return (
    <DeskDrawer open={id !== undefined} onClose={onClose} title={company.data ? `企业 ${company.data.name}` : '企业'}>
      <DeskItem item={company} errorTitle="企业加载失败">
        {(data) => <CompanyDetail company={data} />}
      </DeskItem>
    </DeskDrawer>
  );
}

function CompanyDetail({ company }: { company: AdminCompany }) {
  const { canWrite } = useDeskWrites();
  const { allowance } = company;
  return (
    <div className="order-detail">
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'status', label: '状态', children: <CompanyStatusTag status={company.status} /> },
          ...(company.rejectReason ? [{ key: 'reason', label: '未通过原因', children: company.rejectReason }] : []),
          { key: 'name', label: '企业名称', children: company.name },
          { key: 'code', label: '统一社会信用代码', children: company.creditCode },
          { key: 'contact', label: '联系人', children: `${company.contactName} ${company.contactPhone}` },
          { key: 'created', label: '创建时间', children: day(company.createdAt) },
          {
            key: 'verified',
            label: '认证',
            children: company.verifiedAt ? `${day(company.verifiedAt)}${company.verifiedBy ? ` · ${company.verifiedBy}` : ''}` : '—',
          },
          {
            key: 'applications',
            label: `${allowance.year} 年样品申请`,
            children: `${allowanceCountText(allowance.applications, '份')}${allowance.custom ? '' : '（默认额度）'}`,
          },
          {
            key: 'items',
            label: `${allowance.year} 年样品种数`,
            children: `${allowanceCountText(allowance.items, '种')}${allowance.custom ? '' : '（默认额度）'}`,
          },
        ]}
      />
      <h3 className="order-detail__title">营业执照</h3>
      {company.hasLicense ? (
        <LicenseImage companyId={company.id} desk alt={`${company.name} 的营业执照`} />
      ) : (
        <p className="staff-desk__muted">企业尚未上传营业执照，上传后才能认证。</p>
      )}
      <h3 className="order-detail__title">成员（{company.members.length} 人）</h3>
      <ul className="staff-desk__applications" aria-label="企业成员">
        {company.members.map((member) => (
          <li key={member.userId}>
            <span>{member.account}</span>
            <span>{member.name}</span>
            <span className="staff-desk__muted">
              {member.roles.map((role) => companyRoleLabels[role]).join('、')} · {day(member.joinedAt)} 加入
            </span>
          </li>
        ))}
      </ul>
      {canWrite && company.status === 'pending' ? <Verification company={company} /> : null}
      {canWrite ? <AllowanceForm company={company} /> : null}
    </div>
  );
}

/** 认证 (with the licence uploaded) or 未通过 with the reason the company's 管理员 reads. */
function Verification({ company }: { company: AdminCompany }) {
  const verify = useVerifyCompany();
  const { form, onFinish, formError, pending } = useMutationForm(useRejectCompany(company.id), {
    variables: (values: { reason: string }) => values.reason.trim(),
    fields: ['reason'],
    success: '已标记为未通过，已通知企业管理员',
  });
  return (
    <>
      <section className="order-detail__action" aria-label="认证企业">
        <h3 className="order-detail__title">认证</h3>
        <p className="staff-desk__muted">核对营业执照上的名称与统一社会信用代码与企业填写的一致后认证。</p>
        <Popconfirm
          title={`认证企业 ${company.name}？`}
          okText="认证"
          cancelText="取消"
          disabled={!company.hasLicense}
          onConfirm={() =>
            verify.mutateAsync(company.id).then(
              () => toast.success('企业已认证，已通知企业管理员'),
              (error: unknown) => toast.error(errorMessage(error, '认证失败，请稍后重试')),
            )
          }
        >
          <Button type="primary" disabled={!company.hasLicense} loading={verify.isPending}>
            认证
          </Button>
        </Popconfirm>
      </section>
      <section className="order-detail__action" aria-label="认证未通过">
        <h3 className="order-detail__title">未通过</h3>
        <FormError className="form-alert" message={formError} />
        <Form form={form} layout="vertical" onFinish={onFinish} className="order-detail__form">
          <Form.Item
            name="reason"
            label="原因（企业管理员会在通知中看到）"
            rules={[
              { required: true, whitespace: true, message: '请填写未通过的原因' },
              { min: 2, message: '请填写未通过的原因' },
            ]}
          >
            <Input.TextArea maxLength={200} rows={2} placeholder="如：营业执照与企业名称不符，请上传清晰的营业执照" />
          </Form.Item>
          <Button danger htmlType="submit" loading={pending}>
            未通过
          </Button>
        </Form>
      </section>
    </>
  );
}

interface AllowanceValues {
  applications?: number | null;
  items?: number | null;
}

/** 设置样品额度: the company's own yearly counts; an empty one is the default of the sample settings. */
function AllowanceForm({ company }: { company: AdminCompany }) {
  const { allowance } = company;
  const { form, onFinish, formError, pending } = useMutationForm(useSetCompanyAllowance(company.id), {
    variables: (values: AllowanceValues): CompanyAllowanceBody => allowanceBody(values),
    fields: ['applications', 'items'],
    success: '样品额度已保存，已记入操作日志',
  });
  return (
    <section className="order-detail__action" aria-label="设置样品额度">
      <h3 className="order-detail__title">设置样品额度</h3>
      <p className="staff-desk__muted">
        本企业全体成员每个自然年合计可申请的份数与样品种数。留空即使用
        <Link to={paths.adminSettings}>样品设置</Link>中的默认额度。
      </p>
      <FormError className="form-alert" message={formError} />
      <Form<AllowanceValues>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        className="order-detail__form"
        initialValues={allowance.custom ? { applications: allowance.applications.limit, items: allowance.items.limit } : {}}
      >
        <Form.Item name="applications" label="每年申请份数" rules={[{ type: 'integer', min: 0, max: 10_000, message: '请输入 0–10000 的整数' }]}>
          <InputNumber min={0} max={10_000} precision={0} suffix="份" placeholder="默认" className="order-detail__amount" />
        </Form.Item>
        <Form.Item name="items" label="每年样品种数" rules={[{ type: 'integer', min: 0, max: 100_000, message: '请输入 0–100000 的整数' }]}>
          <InputNumber min={0} max={100_000} precision={0} suffix="种" placeholder="默认" className="order-detail__amount" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={pending}>
          保存额度
        </Button>
      </Form>
    </section>
  );
}
