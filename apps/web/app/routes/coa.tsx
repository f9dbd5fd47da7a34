import type { CoaSummary } from '@fuliaotong/contracts';
import { CHECK_CODE_ALPHABET, CHECK_CODE_LENGTH, batchStateLabels, paths, type BatchStateName } from '@fuliaotong/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Breadcrumb } from '../components/breadcrumb';
import { DataTable } from '../components/data-table';
import { FieldFrame, TextField, controlProps } from '../components/form-field';
import { Spinner } from '../components/load-state';
import { Notice } from '../components/notice';
import { PageHeading } from '../components/page-heading';
import { RecordCards } from '../components/record-cards';
import { StatusTag, type StatusTagColor } from '../components/status-tag';
import { coaProductsQuery, downloadCoa, useCoaLookup, type CoaLookup } from '../features/batch/coa-api';
import { loginHref } from '../features/session/login-redirect';
import { useCurrentUser } from '../features/session/session';
import { usePlainForm } from '../lib/plain-form';
import { pageMeta } from '../site/pages';
import './coa.css';

export function meta() {
  return pageMeta(paths.coa);
}

/** How a check code is typed: case, spaces and hyphens do not matter (as the server reads it). */
const normalised = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
const CODE = new RegExp(`^[${CHECK_CODE_ALPHABET}]{${CHECK_CODE_LENGTH}}$`);

/** The contract's own messages (packages/contracts/src/batch.ts), without loading zod on a public page. */
const checks = {
  excipientId: (value: string) => (value ? undefined : '请选择产品'),
  batchNumber: (value: string) => (!value.trim() ? '请填写批号' : value.trim().length > 40 ? '批号不能超过 40 个字' : undefined),
  checkCode: (value: string) =>
    !normalised(value)
      ? '请填写防伪查询码'
      : CODE.test(normalised(value))
        ? undefined
        : `防伪查询码为 ${CHECK_CODE_LENGTH} 位字母或数字（不含 0、1、2、5、8 及易混淆字母）`,
};

const stateColors: Record<BatchStateName, StatusTagColor> = { pending: 'blue', released: 'green', rejected: 'red', expired: 'orange' };

/**
 * 检验报告查询: a buyer types the product, the batch number and the check code printed on the COA or the
 * label, and sees the batch's test results and downloads its COA. Signed-in users only (the server
 * limits lookups per user and address); every wrong combination gets the same answer. Public markup,
 * outside antd's scope (docs/decisions/0073-batches-and-coa-lookup.md).
 */
export default function CoaPage() {
  const user = useCurrentUser();
  const location = useLocation();
  return (
    <div className="container page coa-page">
      <Breadcrumb items={[{ label: '辅料产品', to: paths.excipients }, { label: '检验报告查询' }]} />
      <PageHeading
        title="检验报告查询"
        description="输入产品、批号和检验报告（COA）或标签上的 8 位防伪查询码，核对批次的检验结果并下载检验报告。"
      />
      {user ? (
        <CoaLookupForm />
      ) : (
        <Notice
          className="coa-page__notice"
          title="登录后可查询"
          description="检验报告仅向登录用户提供；登录后将回到本页。"
          action={
            <Link className="button button--primary" to={loginHref(location.pathname + location.search)}>
              登录
            </Link>
          }
        />
      )}
    </div>
  );
}

function CoaLookupForm() {
  const [searchParams] = useSearchParams();
  const products = useQuery(coaProductsQuery());
  const form = usePlainForm(checks, { excipientId: searchParams.get('excipient') ?? '', batchNumber: searchParams.get('batch') ?? '' }, 'coa-');
  const lookup = useCoaLookup();
  const [found, setFound] = useState<{ query: CoaLookup; summary: CoaSummary }>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (lookup.isPending || !form.validate()) return;
    form.setFormError(undefined);
    setFound(undefined);
    const query = { excipientId: Number(form.values.excipientId), batchNumber: form.values.batchNumber.trim(), checkCode: normalised(form.values.checkCode) };
    lookup.mutate(query, { onSuccess: (summary) => setFound({ query, summary }), onError: (error) => form.showServerError(error) });
  };
  const product = form.field('excipientId');
  const options = products.data?.items ?? [];
  // A product named by the link but without released batches still shows as chosen.
  const missing = product.value && products.data && !options.some((item) => String(item.id) === product.value);
  return (
    <>
      <section className="panel coa-page__form" aria-labelledby="coa-form-title">
        <h2 id="coa-form-title" className="panel__title">
          查询条件
        </h2>
        <form noValidate onSubmit={submit} aria-label="检验报告查询">
          {form.formError ? <Notice className="coa-page__alert" type="error" title={form.formError} /> : null}
          {products.isError ? <Notice className="coa-page__alert" type="error" title="产品列表加载失败，请刷新页面重试" /> : null}
          <FieldFrame controlId={product.id} label="产品" error={product.error}>
            <select className="text-input coa-page__select" {...controlProps(product, Boolean(product.error))} disabled={products.isPending}>
              <option value="">{products.isPending ? '正在加载…' : '请选择产品'}</option>
              {missing ? <option value={product.value}>（该产品暂无可查询的批次）</option> : null}
              {options.map((item) => (
                <option key={item.id} value={String(item.id)}>
                  {item.name}
                </option>
              ))}
            </select>
          </FieldFrame>
          <TextField field={form.field('batchNumber')} label="批号" placeholder="如 FL2509001" autoComplete="off" maxLength={40} />
          <TextField
            field={form.field('checkCode')}
            label="防伪查询码"
            extra="印在检验报告和标签上的 8 位码，不区分大小写"
            placeholder="8 位字母或数字"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
          />
          <button type="submit" className="button button--primary coa-page__submit" aria-busy={lookup.isPending || undefined}>
            {lookup.isPending ? <Spinner /> : null}
            查询
          </button>
        </form>
      </section>
      {found ? <CoaResult query={found.query} summary={found.summary} /> : null}
    </>
  );
}

function CoaResult({ query, summary }: { query: CoaLookup; summary: CoaSummary }) {
  const [busy, setBusy] = useState(false);
  const grade = [summary.grade, summary.packSize].filter(Boolean).join(' · ') || '—';
  const facts: Array<[string, ReactNode]> = [
    ['产品', summary.excipient.name],
    ['规格等级', grade],
    ['批号', summary.batchNumber],
    ['生产日期', summary.manufacturedOn],
    ['有效期至', summary.expiresOn],
    ['状态', <StatusTag key="status" color={stateColors[summary.status]}>{batchStateLabels[summary.status]}</StatusTag>],
    ['检验日期', summary.testedOn ?? '—'],
    ['结论', summary.conclusion ?? '—'],
  ];
  return (
    <section className="panel coa-page__result" aria-labelledby="coa-result-title">
      <div className="coa-page__result-head">
        <h2 id="coa-result-title" className="panel__title">
          {summary.excipient.name} 批号 {summary.batchNumber}
        </h2>
        <button
          type="button"
          className="button button--primary"
          aria-busy={busy || undefined}
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void downloadCoa(query, `${summary.excipient.name}-${summary.batchNumber}-检验报告.pdf`).finally(() => setBusy(false));
          }}
        >
          {busy ? <Spinner /> : null}
          下载检验报告
        </button>
      </div>
      <p className="muted coa-page__origin">{summary.signedOriginal ? '下载的是质量部门签章的检验报告原件。' : '检验报告按登记的检验结果生成，日期为检验日期。'}</p>
      <dl className="facts-table facts-table--pairs coa-page__facts">
        {facts.map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      <h3 className="coa-page__subtitle">检验结果</h3>
      <section className="table-scroll records-table">
        <DataTable
          label="检验结果"
          rows={summary.results}
          rowKey={(row) => row.item}
          empty="没有检验项目"
          minWidth={560}
          columns={[
            { key: 'item', title: '检验项目', width: 140 },
            { key: 'limit', title: '标准规定', render: (row) => row.limit || '—' },
            { key: 'result', title: '检验结果', render: (row) => row.result || '—' },
            { key: 'method', title: '检验方法', width: 180, render: (row) => row.method || '—' },
            { key: 'conclusion', title: '结论', width: 80, render: (row) => row.conclusion ?? '—' },
          ]}
        />
      </section>
      <RecordCards
        label="检验结果"
        empty="没有检验项目"
        items={summary.results.map((row) => ({
          key: row.item,
          name: row.item,
          tag: row.conclusion ? <StatusTag color={row.conclusion === '符合' ? 'green' : 'red'}>{row.conclusion}</StatusTag> : undefined,
          lines: [`标准规定：${row.limit || '—'}`, `检验结果：${row.result || '—'}`],
          meta: row.method ? `检验方法：${row.method}` : undefined,
        }))}
      />
    </section>
  );
}
