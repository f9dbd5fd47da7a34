import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { AdminSafetyData, SafetyDataBody } from '@fuliaotong/contracts';
import {
  GHS_PICTOGRAMS,
  ghsPictogramLabels,
  PACKING_GROUPS,
  SDS_COMPOSITION_KINDS,
  SDS_PROPERTIES,
  SDS_SECTIONS,
  sdsCompositionKindLabels,
  SIGNAL_WORDS,
  type SdsPropertyKey,
  type SdsSectionKey,
} from '@fuliaotong/contracts/constants';
import type { SafetyDataBody as SafetyDataSchema } from '@fuliaotong/contracts/forms';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Form, Input, Select, Switch } from 'antd';
import { useEffect, useMemo, type ReactNode } from 'react';
import { schemaRule } from '../../lib/form-rules';
import { FormError, useMutationForm } from '../../lib/mutation-form';
import { useDeskWrites } from '../staff/desk-access';
import { DeskItem } from '../staff/desk/desk-drawer';
import { adminSafetyDataQuery, useSaveSafetyData } from './excipient-admin-api';

/** A sheet to start from: this product alone, nothing classified, every text empty. */
function blankSheet(data: AdminSafetyData): SafetyDataBody {
  return {
    revision: '1.0',
    revisedOn: new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10),
    recommendedUse: '',
    restrictedUse: '',
    hazards: [],
    signalWord: null,
    pictograms: [],
    hazardStatements: [],
    precautionaryStatements: [],
    compositionKind: 'substance',
    components: [{ name: data.nameZh, cas: data.cas ?? '', concentration: '' }],
    properties: Object.fromEntries(Object.keys(SDS_PROPERTIES).map((k) => [k, ''])) as SafetyDataBody['properties'],
    transport: { unNumber: '', properName: '', transportClass: '', subsidiaryClass: '', packingGroup: null, marinePollutant: false },
    sections: Object.fromEntries(SDS_SECTIONS.map((s) => [s.key, ''])) as SafetyDataBody['sections'],
  };
}

/**
 * The fields whose server errors show under them; an error inside a list or group (a statement's code,
 * a transport field) is shown above the form, naming itself, and the code fields check in the page.
 */
const FIELDS = ['revision', 'revisedOn', 'recommendedUse', 'restrictedUse', 'signalWord', 'pictograms', 'compositionKind'];
const hazardCodeRule = schemaRule((s) => s.SafetyDataBody.shape.hazardStatements.element.shape.code);
const precautionCodeRule = schemaRule((s) => s.SafetyDataBody.shape.precautionaryStatements.element.shape.code);
const rule = (name: keyof typeof SafetyDataSchema.shape) => schemaRule((s) => s.SafetyDataBody.shape[name]);

/** The 安全技术说明书 tab of the product drawer: the sheet's 16 sections, loaded on their own. */
export function SafetyDataTab({ excipientId }: { excipientId: number }) {
  const data = useQuery(adminSafetyDataQuery(excipientId));
  return (
    <DeskItem item={data} errorTitle="安全技术说明书加载失败">
      {(loaded) => <SafetyDataEditor key={loaded.excipientId} data={loaded} />}
    </DeskItem>
  );
}

/** A repeated pair of fields (a hazard class and category, a statement code and text …). */
function Pairs({
  name,
  label,
  first,
  second,
  blank,
}: {
  name: 'hazards' | 'hazardStatements' | 'precautionaryStatements';
  label: string;
  first: { key: string; label: string; placeholder: string; rule?: ReturnType<typeof schemaRule> };
  second: { key: string; label: string; placeholder: string };
  blank: Record<string, string>;
}) {
  return (
    <Form.List name={name}>
      {(items, { add, remove }) => (
        <div className="product-desk__list">
          {items.map((item, index) => (
            <div key={item.key} className="product-desk__row" role="group" aria-label={`${label} ${index + 1}`}>
              <Form.Item name={[item.name, first.key]} label={first.label} rules={[{ required: true, whitespace: true, message: `请填写${first.label}` }, ...(first.rule ? [first.rule] : [])]}>
                <Input placeholder={first.placeholder} />
              </Form.Item>
              <Form.Item name={[item.name, second.key]} label={second.label} rules={[{ required: true, whitespace: true, message: `请填写${second.label}` }]}>
                <Input placeholder={second.placeholder} />
              </Form.Item>
              <span className="product-desk__row-actions">
                <Button type="text" icon={<MinusCircleOutlined aria-hidden />} onClick={() => remove(item.name)} aria-label={`删除${label} ${index + 1}`} />
              </span>
            </div>
          ))}
          <Button type="dashed" icon={<PlusOutlined aria-hidden />} onClick={() => add(blank)}>
            添加{label}
          </Button>
        </div>
      )}
    </Form.List>
  );
}

/** What each section shows above its own text. */
function structuredFields(key: SdsSectionKey): ReactNode {
  switch (key) {
    case 'identification':
      return (
        <>
          <p className="staff-desk__muted">产品名称、CAS 号取自产品信息；供应商名称、地址、电话和应急咨询电话取自网站设置。</p>
          <div className="product-desk__grid">
            <Form.Item name="recommendedUse" label="推荐用途" rules={[rule('recommendedUse')]}>
              <Input placeholder="例如 药用辅料（溶剂）" />
            </Form.Item>
            <Form.Item name="restrictedUse" label="限制用途" rules={[rule('restrictedUse')]}>
              <Input placeholder="不填则印“无”" />
            </Form.Item>
          </div>
        </>
      );
    case 'hazards':
      return (
        <>
          <p className="staff-desk__muted">按 GB 30000 分类。未填写危险性类别时，说明书印“根据 GB 30000 系列标准，本品不属于危险化学品”。</p>
          <Pairs
            name="hazards"
            label="危险性类别"
            first={{ key: 'hazardClass', label: '危险性类别', placeholder: '例如 易燃液体' }}
            second={{ key: 'category', label: '类别', placeholder: '例如 类别 2' }}
            blank={{ hazardClass: '', category: '' }}
          />
          <div className="product-desk__grid">
            <Form.Item name="signalWord" label="信号词">
              <Select allowClear placeholder="无" options={SIGNAL_WORDS.map((value) => ({ value, label: value }))} />
            </Form.Item>
          </div>
          <Form.Item name="pictograms" label="象形图">
            <Checkbox.Group options={GHS_PICTOGRAMS.map((value) => ({ value, label: `${value} ${ghsPictogramLabels[value]}` }))} />
          </Form.Item>
          <Pairs
            name="hazardStatements"
            label="危险性说明"
            first={{ key: 'code', label: 'H 代码', placeholder: '例如 H225', rule: hazardCodeRule }}
            second={{ key: 'text', label: '危险性说明', placeholder: '例如 高度易燃液体和蒸气' }}
            blank={{ code: '', text: '' }}
          />
          <Pairs
            name="precautionaryStatements"
            label="防范说明"
            first={{ key: 'code', label: 'P 代码', placeholder: '例如 P210', rule: precautionCodeRule }}
            second={{ key: 'text', label: '防范说明', placeholder: '例如 远离热源……禁止吸烟。' }}
            blank={{ code: '', text: '' }}
          />
        </>
      );
    case 'composition':
      return (
        <>
          <Form.Item name="compositionKind" label="物质/混合物">
            <Select options={SDS_COMPOSITION_KINDS.map((value) => ({ value, label: sdsCompositionKindLabels[value] }))} />
          </Form.Item>
          <Form.List name="components">
            {(items, { add, remove }) => (
              <div className="product-desk__list">
                {items.map((item, index) => (
                  <div key={item.key} className="product-desk__row" role="group" aria-label={`组分 ${index + 1}`}>
                    <Form.Item name={[item.name, 'name']} label="组分名称" rules={[{ required: true, whitespace: true, message: '请填写组分名称' }]}>
                      <Input />
                    </Form.Item>
                    <Form.Item name={[item.name, 'cas']} label="CAS 号">
                      <Input placeholder="例如 64-17-5" />
                    </Form.Item>
                    <Form.Item name={[item.name, 'concentration']} label="含量">
                      <Input placeholder="例如 ≥ 99.5%" />
                    </Form.Item>
                    <span className="product-desk__row-actions">
                      <Button type="text" icon={<MinusCircleOutlined aria-hidden />} disabled={items.length === 1} onClick={() => remove(item.name)} aria-label={`删除组分 ${index + 1}`} />
                    </span>
                  </div>
                ))}
                <Button type="dashed" icon={<PlusOutlined aria-hidden />} onClick={() => add({ name: '', cas: '', concentration: '' })}>
                  添加组分
                </Button>
              </div>
            )}
          </Form.List>
        </>
      );
    case 'physicalProperties':
      return (
        <div className="product-desk__grid">
          {(Object.keys(SDS_PROPERTIES) as SdsPropertyKey[]).map((k) => (
            <Form.Item key={k} name={['properties', k]} label={SDS_PROPERTIES[k]}>
              <Input placeholder="不填则印“无资料”" />
            </Form.Item>
          ))}
        </div>
      );
    case 'transport':
      return (
        <>
          <p className="staff-desk__muted">UN 编号须与产品信息中的危险化学品运输条款一致；非危险货物不填，说明书印“不适用”。</p>
          <div className="product-desk__grid">
            <Form.Item name={['transport', 'unNumber']} label="UN 编号">
              <Input addonBefore="UN" placeholder="例如 1170" maxLength={4} />
            </Form.Item>
            <Form.Item name={['transport', 'properName']} label="联合国运输名称">
              <Input />
            </Form.Item>
            <Form.Item name={['transport', 'transportClass']} label="运输危险性类别">
              <Input placeholder="例如 3、6.1" />
            </Form.Item>
            <Form.Item name={['transport', 'subsidiaryClass']} label="次要危险性">
              <Input placeholder="无则不填" />
            </Form.Item>
            <Form.Item name={['transport', 'packingGroup']} label="包装类别">
              <Select allowClear placeholder="不适用" options={PACKING_GROUPS.map((value) => ({ value, label: `${value} 类包装` }))} />
            </Form.Item>
            <Form.Item name={['transport', 'marinePollutant']} label="海洋污染物" valuePropName="checked">
              <Switch checkedChildren="是" unCheckedChildren="否" />
            </Form.Item>
          </div>
        </>
      );
    default:
      return null;
  }
}

function SafetyDataEditor({ data }: { data: AdminSafetyData }) {
  const save = useSaveSafetyData();
  const { canWrite } = useDeskWrites();
  const initial = useMemo(() => data.sheet ?? blankSheet(data), [data]);
  const { form, onFinish, formError, pending } = useMutationForm(save, {
    variables: (values: SafetyDataBody) => ({
      id: data.excipientId,
      body: { ...values, signalWord: values.signalWord ?? null, transport: { ...values.transport, packingGroup: values.transport.packingGroup ?? null } },
    }),
    fields: FIELDS,
    success: (saved) => `已保存安全技术说明书（版本 ${saved.sheet?.revision}），下载即为新版本`,
    stored: (saved) => saved.sheet ?? initial,
  });

  useEffect(() => {
    form.setFieldsValue(initial);
  }, [form, initial]);

  return (
    <Form<SafetyDataBody> form={form} layout="vertical" initialValues={initial} onFinish={onFinish} scrollToFirstError disabled={!canWrite}>
      {data.sheet ? null : (
        <Alert
          className="site-desk__error"
          type="warning"
          showIcon
          message="尚未编写安全技术说明书"
          description="保存之前，网站上的安全技术说明书不能下载（显示“资料尚未发布”）。"
        />
      )}
      {data.dangerousGoods ? <p className="staff-desk__muted">产品的危险化学品运输条款：{data.dangerousGoods}</p> : null}
      <FormError className="site-desk__error" message={formError} />
      <div className="product-desk__grid">
        <Form.Item name="revision" label="版本号" rules={[{ required: true, message: '请填写版本号' }, rule('revision')]}>
          <Input placeholder="例如 1.0" />
        </Form.Item>
        <Form.Item name="revisedOn" label="修订日期" extra="说明书每页印出版本号与修订日期。" rules={[{ required: true, message: '请填写修订日期' }, rule('revisedOn')]}>
          <Input placeholder="YYYY-MM-DD" />
        </Form.Item>
      </div>
      {SDS_SECTIONS.map((section, index) => (
        <section key={section.key} className="safety-sheet__section" aria-label={`第 ${index + 1} 部分 ${section.title}`}>
          <h3 className="site-desk__title">
            {index + 1}. {section.title}
          </h3>
          {structuredFields(section.key)}
          <Form.Item name={['sections', section.key]} label={`${section.title}（文字）`} extra={index === 15 ? undefined : '段落之间空一行；无结构化内容且不填时印“无资料”。'}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 12 }} maxLength={3000} />
          </Form.Item>
        </section>
      ))}
      <div className="site-desk__actions">
        {canWrite ? (
          <Button type="primary" htmlType="submit" loading={pending}>
            保存安全技术说明书
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
