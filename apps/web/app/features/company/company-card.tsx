import { UploadOutlined } from '@ant-design/icons';
import type { Company } from '@fuliaotong/contracts';
import { errorMessage } from '@fuliaotong/client';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Upload } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { LoadState } from '../../components/load-state';
import { toast } from '../../components/toast';
import { companyAllowanceQuery, useUploadCompanyLicense } from './company-api';
import { EditCompanyModal } from './company-form';
import { allowanceCountText, canEditCompany, isCompanyAdmin, licenseAccept, licenseProblem, rolesText } from './company-rules';
import { CompanyStatusTag } from './company-status';
import { LicenseImage } from './license-image';
import './company.css';

/** What the company's state means for its members, under the badge. */
function StatusNote({ company }: { company: Company }) {
  if (company.status === 'verified') return null;
  if (company.status === 'rejected') {
    return (
      <Alert
        className="company-card__alert"
        type="error"
        showIcon
        title={`认证未通过：${company.rejectReason ?? '请核对企业信息与营业执照'}`}
        description={isCompanyAdmin(company) ? '请修改企业信息或重新上传营业执照，修改后重新提交认证。' : '企业管理员修改后将重新提交认证。'}
      />
    );
  }
  return company.hasLicense ? (
    <Alert className="company-card__alert" type="info" showIcon title="工作人员正在核对企业信息与营业执照，认证后会通知企业管理员。" />
  ) : (
    <Alert
      className="company-card__alert"
      type="warning"
      showIcon
      title={isCompanyAdmin(company) ? '请上传营业执照：上传后工作人员开始认证。' : '企业管理员上传营业执照后，工作人员开始认证。'}
    />
  );
}

/** The licence: upload or replace it (the 管理员, until verified), and view it. */
function License({ company }: { company: Company }) {
  const upload = useUploadCompanyLicense(company.id);
  const [shown, setShown] = useState(false);
  const [version, setVersion] = useState(0);
  const canUpload = canEditCompany(company);
  return (
    <div className="company-license-row">
      {company.hasLicense ? (
        <Button size="small" onClick={() => setShown((on) => !on)} aria-expanded={shown}>
          {shown ? '收起营业执照' : '查看营业执照'}
        </Button>
      ) : (
        <span className="muted">未上传</span>
      )}
      {canUpload ? (
        <Upload
          accept={licenseAccept}
          showUploadList={false}
          maxCount={1}
          disabled={upload.isPending}
          beforeUpload={(file) => {
            const problem = licenseProblem(file);
            if (problem) {
              toast.error(problem);
              return Upload.LIST_IGNORE;
            }
            upload.mutate(file, {
              onSuccess: () => {
                toast.success('营业执照已上传');
                setVersion((v) => v + 1);
              },
              onError: (error) => toast.error(errorMessage(error, '营业执照上传失败，请稍后重试')),
            });
            return false;
          }}
        >
          <Button size="small" type={company.hasLicense ? 'default' : 'primary'} icon={<UploadOutlined aria-hidden />} loading={upload.isPending}>
            {company.hasLicense ? '重新上传' : '上传营业执照'}
          </Button>
        </Upload>
      ) : null}
      {shown && company.hasLicense ? (
        <div className="company-license-row__image">
          <LicenseImage companyId={company.id} alt={`${company.name} 的营业执照`} version={version} />
        </div>
      ) : null}
    </div>
  );
}

/** The company: its state, what it is, its licence; 修改 for its 管理员 until it is verified. */
export function CompanyCard({ company }: { company: Company }) {
  const [editing, setEditing] = useState(false);
  return (
    <section className="panel company-card" aria-labelledby="company-title">
      <div className="company-section__head">
        <h2 className="panel__title company-card__title" id="company-title">
          <span>{company.name}</span>
          <CompanyStatusTag status={company.status} />
        </h2>
        {canEditCompany(company) ? (
          <Button size="small" onClick={() => setEditing(true)}>
            修改企业信息
          </Button>
        ) : null}
      </div>
      <StatusNote company={company} />
      <Descriptions
        size="small"
        column={1}
        className="company-card__facts"
        items={[
          { key: 'code', label: '统一社会信用代码', children: company.creditCode },
          { key: 'contact', label: '联系人', children: `${company.contactName} ${company.contactPhone}` },
          { key: 'roles', label: '我的角色', children: rolesText(company.myRoles) },
          { key: 'members', label: '成员', children: `${company.memberCount} 人` },
          {
            key: 'verified',
            label: '认证时间',
            children: company.verifiedAt ? dayjs(company.verifiedAt).format('YYYY-MM-DD') : '—',
          },
          { key: 'license', label: '营业执照', children: <License company={company} /> },
        ]}
      />
      {editing ? <EditCompanyModal company={company} onClose={() => setEditing(false)} /> : null}
    </section>
  );
}

/** This year's sample allowance of the company: what its members used, what is left. */
export function CompanyAllowance({ company }: { company: Company }) {
  const allowance = useQuery(companyAllowanceQuery(company.id));
  return (
    <section className="panel" aria-labelledby="allowance-title">
      <h2 className="panel__title" id="allowance-title">
        样品额度
      </h2>
      <LoadState query={allowance} errorTitle="样品额度加载失败" rows={2}>
        {(data) => (
          <>
            <dl className="company-allowance">
              <div className="company-allowance__item">
                <dt>{data.year} 年样品申请</dt>
                <dd>{allowanceCountText(data.applications, '份')}</dd>
              </div>
              <div className="company-allowance__item">
                <dt>{data.year} 年样品种数</dt>
                <dd>{allowanceCountText(data.items, '种')}</dd>
              </div>
            </dl>
            <p className="muted small">全体成员合计，按自然年计算；已撤回和未通过的申请不计入。</p>
          </>
        )}
      </LoadState>
    </section>
  );
}
