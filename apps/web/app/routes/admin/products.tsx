import { MinusCircleOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { AdminExcipient, AdminExcipientSummary, ExcipientBody } from '@fuliaotong/contracts';
import { DOCUMENT_ACCESS, DOCUMENT_KINDS, SDS_ACCESS, DOSAGE_FORMS, documentAccessLabels, documentKindLabels, EXCIPIENT_CATEGORIES, PHARMACOPOEIAS, pharmacopoeiaLabels, EXCIPIENT_DOCUMENT_MAX_BYTES, paths, withQuery } from '@fuliaotong/contracts/constants';
import type { ExcipientBody as ExcipientBodySchema } from '@fuliaotong/contracts/forms';
import { errorMessage } from '@fuliaotong/client';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input, InputNumber, Popconfirm, Select, Switch, Tabs, Tag, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { SafetyDataTab } from '../../features/excipient/safety-data-editor';
import { adminExcipientQuery, adminExcipientsQuery, EXCIPIENTS_PAGE_SIZE, usePublishExcipient, useSaveExcipient, useUploadExcipientDocument } from '../../features/excipient/excipient-admin-api';
import { Desk } from '../../features/staff/desk/desk';
import { DeskDrawer, DeskItem } from '../../features/staff/desk/desk-drawer';
import { DeskChoice, DeskSearch } from '../../features/staff/desk/desk-filters';
import { DeskLink, DeskTable } from '../../features/staff/desk/desk-table';
import { paramOf, useDeskQuery } from '../../features/staff/desk/desk-query';
import { useDeskWrites } from '../../features/staff/desk-access';
import { downloadFile } from '../../lib/save-file';
import { schemaRule } from '../../lib/form-rules';
import { FormError, useMutationForm } from '../../lib/mutation-form';
import { pageMeta } from '../../site/pages';
import './staff-desks.css';
import { toast } from '../../components/toast';

export function meta() {
  return pageMeta(paths.adminProducts);
}

const STATES = [
  { value: 'all', label: '全部' },
  { value: 'published', label: '已上架' },
  { value: 'unpublished', label: '已下架' },
] as const;

/** The form's values: the product as saved, and the 危险化学品 switch that reveals its transport terms. */
type ProductValues = ExcipientBody & { hazardous: boolean };

/** A new product starts unpublished, with one spec, so it can be checked before anyone sees it. */
const EMPTY: ExcipientBody = {
  nameZh: '',
  nameEn: '',
  synonyms: [],
  cas: null,
  category: '',
  dosageForms: [],
  pharmacopoeias: [],
  summary: '',
  description: '',
  regNos: [],
  published: false,
  sampleAvailable: true,
  featured: false,
  featuredOrder: 0,
  dangerousGoods: null,
  specs: [{ grade: '', packSize: '', sampleAvailable: true }],
  documents: [],
};
const EMPTY_VALUES: ProductValues = { ...EMPTY, hazardous: false };

function formValuesOf(product: AdminExcipient): ProductValues {
  return {
    ...product,
    hazardous: product.dangerousGoods !== null,
    documents: product.documents.map(({ id, kind, title, access }) => ({ id, kind, title, access })),
  };
}

/** What the desk sends: the terms only while the 危险化学品 switch is on (off: not a dangerous good). */
function productBody({ hazardous, ...values }: ProductValues): ExcipientBody {
  return {
    ...EMPTY,
    ...values,
    cas: values.cas?.trim() || null,
    dangerousGoods: hazardous ? (values.dangerousGoods ?? '') : null,
    documents: values.documents ?? [],
    specs: values.specs ?? [],
  };
}

/** The products desk: the whole catalogue, published or not; a drawer edits one product. */
export default function AdminProductsPage() {
  const { searchParams, keyword, page, openId, go } = useDeskQuery();
  const state = paramOf(searchParams.get('state'), STATES.map((s) => s.value), 'all');
  const list = useQuery(
    adminExcipientsQuery({ state: state === 'all' ? undefined : state, keyword: keyword || undefined, page, pageSize: EXCIPIENTS_PAGE_SIZE }),
  );
  const publish = usePublishExcipient();
  const { canWrite } = useDeskWrites();

  const togglePublished = async (product: AdminExcipientSummary) => {
    try {
      await publish.mutateAsync({ id: product.id, published: !product.published });
      toast.success(product.published ? `已下架“${product.nameZh}”` : `已上架“${product.nameZh}”`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const columns: ColumnsType<AdminExcipientSummary> = [
    {
      title: '产品',
      key: 'name',
      render: (_, product) => (
        <DeskLink onClick={() => go({ id: product.id })} label={`${canWrite ? '编辑' : '查看'}产品 ${product.nameZh}`}>
          {product.nameZh}
          <span className="staff-desk__muted"> {product.nameEn}</span>
        </DeskLink>
      ),
    },
    { title: '功能类别', dataIndex: 'category' },
    { title: '规格', dataIndex: 'specCount', align: 'right' },
    { title: '资料', dataIndex: 'documentCount', align: 'right' },
    {
      title: '状态',
      key: 'state',
      render: (_, product) => (
        <>
          {product.published ? <Tag color="green">已上架</Tag> : <Tag>已下架</Tag>}
          {product.sampleAvailable ? null : <Tag color="orange">暂停样品</Tag>}
          {product.dangerousGoods ? <Tag color="red">危险化学品</Tag> : null}
          {product.featured ? <Tag color="blue">首页推荐 {product.featuredOrder}</Tag> : null}
        </>
      ),
    },
    { title: '修改时间', dataIndex: 'updatedAt', render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm') },
    {
      title: '操作',
      key: 'actions',
      render: (_, product) => (
        <span className="product-desk__actions">
          {canWrite ? (
            <Popconfirm
              title={product.published ? '下架后，产品不再出现在网站上，也不能申请样品。确定下架？' : '上架后所有人可见。确定上架？'}
              okText={product.published ? '下架' : '上架'}
              cancelText="取消"
              onConfirm={() => togglePublished(product)}
            >
              <Button size="small">{product.published ? '下架' : '上架'}</Button>
            </Popconfirm>
          ) : null}
          <Link to={withQuery(paths.excipientDetail, { id: String(product.id) })} target="_blank" rel="noopener">
            查看
          </Link>
        </span>
      ),
    },
  ];

  return (
    <Desk
      path={paths.adminProducts}
      refresh={list}
      actions={
        canWrite ? (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => go({ id: 'new' })}>
            新建产品
          </Button>
        ) : null
      }
      filters={
        <>
          <DeskChoice label="上架状态" param="state" value={state} options={STATES} />
          <DeskSearch label="搜索产品" placeholder="中英文名、别名或 CAS 号" />
        </>
      }
      editor={<ProductDrawer id={openId} onClose={() => go({ id: null })} onCreated={(id) => go({ id })} />}
    >
      <DeskTable
        list={list}
        columns={columns}
        errorTitle="产品列表加载失败"
        scrollX={900}
        noun="产品"
        paging={{ pageSize: EXCIPIENTS_PAGE_SIZE, unit: '个' }}
      />
    </Desk>
  );
}

function ProductDrawer({
  id,
  onClose,
  onCreated,
}: {
  id: number | 'new' | undefined;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const product = useQuery({ ...adminExcipientQuery(typeof id === 'number' ? id : 0), enabled: typeof id === 'number' });
  const verb = useDeskWrites().canWrite ? '编辑产品' : '查看产品';
  return (
    <DeskDrawer
      open={id !== undefined}
      onClose={onClose}
      title={id === 'new' ? '新建产品' : product.data ? `${verb}：${product.data.nameZh}` : verb}
    >
      {id === 'new' ? (
        <ProductEditor onSaved={onCreated} />
      ) : (
        <DeskItem item={product} errorTitle="产品加载失败">
          {(data) => (
            <Tabs
              key={data.id}
              items={[
                { key: 'product', label: '产品信息', children: <ProductEditor product={data} /> },
                { key: 'sds', label: '安全技术说明书', children: <SafetyDataTab excipientId={data.id} /> },
              ]}
            />
          )}
        </DeskItem>
      )}
    </DeskDrawer>
  );
}

const fieldNames = Object.keys(EMPTY);
const rule = (name: keyof typeof ExcipientBodySchema.shape) => schemaRule((s) => s.ExcipientBody.shape[name]);

function ProductEditor({ product, onSaved }: { product?: AdminExcipient; onSaved?: (id: number) => void }) {
  const save = useSaveExcipient();
  const { form, onFinish, formError, pending } = useMutationForm(save, {
    variables: (values: ProductValues) => ({ id: product?.id, body: productBody(values) }),
    fields: fieldNames,
    success: (saved) => (product ? '已保存，网站上立即生效' : `已新建“${saved.nameZh}”${saved.published ? '' : '（未上架）'}`),
    stored: product ? formValuesOf : undefined,
    onSuccess: (saved) => {
      if (!product) onSaved?.(saved.id);
    },
  });
  const featured = Form.useWatch('featured', form);
  const hazardous = Form.useWatch('hazardous', form);
  const { canWrite } = useDeskWrites();

  useEffect(() => {
    form.setFieldsValue(product ? formValuesOf(product) : EMPTY_VALUES);
  }, [form, product]);

  return (
    <Form<ProductValues>
      form={form}
      layout="vertical"
      initialValues={product ? formValuesOf(product) : EMPTY_VALUES}
      onFinish={onFinish}
      scrollToFirstError
      disabled={!canWrite}
    >
      <FormError className="site-desk__error" message={formError} />
      <div className="product-desk__switches">
        <Form.Item name="published" label="上架" valuePropName="checked" extra="未上架的产品只有工作人员能看到。">
          <Switch checkedChildren="已上架" unCheckedChildren="未上架" />
        </Form.Item>
        <Form.Item name="sampleAvailable" label="样品申请" valuePropName="checked" extra="关闭即整个产品暂停样品。">
          <Switch checkedChildren="可申请" unCheckedChildren="暂停样品" />
        </Form.Item>
        <Form.Item name="featured" label="首页推荐" valuePropName="checked">
          <Switch checkedChildren="推荐" unCheckedChildren="不推荐" />
        </Form.Item>
        {featured ? (
          <Form.Item name="featuredOrder" label="推荐顺序" extra="小的在前" rules={[rule('featuredOrder')]}>
            <InputNumber min={0} max={999} precision={0} />
          </Form.Item>
        ) : null}
      </div>

      <h3 className="site-desk__title">基本信息</h3>
      <div className="product-desk__grid">
        <Form.Item name="nameZh" label="中文名称" rules={[{ required: true, whitespace: true, message: '请填写中文名称' }, rule('nameZh')]}>
          <Input />
        </Form.Item>
        <Form.Item name="nameEn" label="英文名称" rules={[{ required: true, whitespace: true, message: '请填写英文名称' }, rule('nameEn')]}>
          <Input />
        </Form.Item>
        <Form.Item name="cas" label="CAS 号" rules={[rule('cas')]}>
          <Input placeholder="例如 9004-65-3" />
        </Form.Item>
        <Form.Item name="category" label="功能类别" rules={[{ required: true, message: '请选择功能类别' }]}>
          <Select options={EXCIPIENT_CATEGORIES.map((value) => ({ value, label: value }))} showSearch />
        </Form.Item>
      </div>
      <Form.Item name="synonyms" label="别名" extra="输入后按回车添加。" rules={[rule('synonyms')]}>
        <Select mode="tags" open={false} suffixIcon={null} />
      </Form.Item>
      <div className="product-desk__hazard">
        <Form.Item
          name="hazardous"
          label="危险化学品"
          valuePropName="checked"
          extra="GB 12268 危险货物，如乙醇、异丙醇。"
        >
          <Switch checkedChildren="是" unCheckedChildren="否" />
        </Form.Item>
        {hazardous ? (
          <Form.Item
            name="dangerousGoods"
            label="危险化学品运输条款"
            extra="UN 编号、类别、包装类别。产品页显示，报价时随产品预填（可修改）。"
            rules={[{ required: true, whitespace: true, message: '请填写危险化学品运输条款' }, rule('dangerousGoods')]}
          >
            <Input maxLength={120} showCount placeholder="例如 UN1170，第 3 类易燃液体，II 类包装" />
          </Form.Item>
        ) : null}
      </div>
      <Form.Item name="dosageForms" label="适用剂型">
        <Select mode="multiple" options={DOSAGE_FORMS.map((value) => ({ value, label: value }))} />
      </Form.Item>
      <Form.Item name="pharmacopoeias" label="符合药典">
        <Checkbox.Group options={PHARMACOPOEIAS.map((value) => ({ value, label: pharmacopoeiaLabels[value] }))} />
      </Form.Item>
      <Form.Item name="regNos" label="CDE 登记号" extra="输入后按回车添加，例如 F20190000123。" rules={[rule('regNos')]}>
        <Select mode="tags" open={false} suffixIcon={null} />
      </Form.Item>
      <Form.Item
        name="summary"
        label="一句话简介"
        extra="产品列表和搜索结果中显示。"
        rules={[{ required: true, whitespace: true, message: '请填写一句话简介' }, rule('summary')]}
      >
        <Input maxLength={120} showCount />
      </Form.Item>
      <Form.Item name="description" label="产品说明" extra="功能、常用量、规格、储存条件等；段落之间空一行。" rules={[rule('description')]}>
        <Input.TextArea autoSize={{ minRows: 5 }} />
      </Form.Item>

      <h3 className="site-desk__title">规格与样品包装</h3>
      <Form.List name="specs">
        {(items, { add, remove, move }) => (
          <div className="product-desk__list">
            {items.map((item, index) => (
              <div key={item.key} className="product-desk__row" aria-label={`规格 ${index + 1}`} role="group">
                <Form.Item name={[item.name, 'id']} hidden>
                  <Input />
                </Form.Item>
                <Form.Item
                  name={[item.name, 'grade']}
                  label="规格 / 等级"
                  rules={[{ required: true, whitespace: true, message: '请填写规格' }]}
                >
                  <Input placeholder="例如 PH102" />
                </Form.Item>
                <Form.Item
                  name={[item.name, 'packSize']}
                  label="样品包装"
                  rules={[{ required: true, whitespace: true, message: '请填写样品包装' }]}
                >
                  <Input placeholder="例如 500 g" />
                </Form.Item>
                <Form.Item name={[item.name, 'sampleAvailable']} label="可申请样品" valuePropName="checked">
                  <Switch />
                </Form.Item>
                <span className="product-desk__row-actions">
                  <Button size="small" disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={`上移规格 ${index + 1}`}>
                    上移
                  </Button>
                  <Button
                    type="text"
                    icon={<MinusCircleOutlined aria-hidden />}
                    disabled={items.length === 1}
                    onClick={() => remove(item.name)}
                    aria-label={`删除规格 ${index + 1}`}
                  />
                </span>
              </div>
            ))}
            {items.length < 20 ? (
              <Button
                type="dashed"
                icon={<PlusOutlined aria-hidden />}
                onClick={() => add({ grade: '', packSize: '', sampleAvailable: true })}
              >
                添加规格
              </Button>
            ) : null}
          </div>
        )}
      </Form.List>

      <h3 className="site-desk__title">技术资料</h3>
      <Form.List name="documents">
        {(items, { add, remove }) => (
          <div className="product-desk__list">
            {items.map((item, index) => (
              <DocumentRow key={item.key} name={item.name} index={index} product={product} onRemove={() => remove(item.name)} />
            ))}
            {items.length < 20 ? (
              <Button type="dashed" icon={<PlusOutlined aria-hidden />} onClick={() => add({ kind: 'TDS', title: '', access: 'public' })}>
                添加资料
              </Button>
            ) : null}
          </div>
        )}
      </Form.List>

      <div className="site-desk__actions">
        {canWrite ? (
          <Button type="primary" htmlType="submit" loading={pending}>
            {product ? '保存产品' : '新建产品'}
          </Button>
        ) : null}
        {product ? (
          <Link to={withQuery(paths.excipientDetail, { id: String(product.id) })} target="_blank" rel="noopener">
            在网站上查看
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** A document's PDF: uploaded as soon as it is chosen; the form keeps the key it answers until the product is saved. */
function PdfField({
  value,
  onChange,
  label,
  replacing,
}: {
  value?: string;
  onChange?: (key: string) => void;
  label: string;
  replacing: boolean;
}) {
  const upload = useUploadExcipientDocument();
  const [fileName, setFileName] = useState<string>();

  const send = async (chosen: File) => {
    if (chosen.size > EXCIPIENT_DOCUMENT_MAX_BYTES) {
      toast.error(`文件不能超过 ${EXCIPIENT_DOCUMENT_MAX_BYTES / 1024 / 1024} MB`);
      return;
    }
    try {
      const uploaded = await upload.mutateAsync(chosen);
      setFileName(uploaded.filename);
      onChange?.(uploaded.file);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <Upload
      accept="application/pdf,.pdf"
      showUploadList={false}
      beforeUpload={(chosen) => {
        void send(chosen);
        return false;
      }}
    >
      <Button icon={<UploadOutlined aria-hidden />} loading={upload.isPending} aria-label={label}>
        {value ? `已上传：${fileName ?? 'PDF'}` : replacing ? '更换文件' : '选择 PDF'}
      </Button>
    </Upload>
  );
}

/** One document: kind, title, who may download it, and its PDF. */
function DocumentRow({ name, index, product, onRemove }: { name: number; index: number; product?: AdminExcipient; onRemove: () => void }) {
  const form = Form.useFormInstance<ProductValues>();
  const id = Form.useWatch<number | undefined>(['documents', name, 'id'], form);
  const stored = product?.documents.find((d) => d.id === id);
  const kind = Form.useWatch<string | undefined>(['documents', name, 'kind'], form);

  return (
    <div className="product-desk__row product-desk__row--document" role="group" aria-label={`资料 ${index + 1}`}>
      <Form.Item name={[name, 'id']} hidden>
        <Input />
      </Form.Item>
      <Form.Item name={[name, 'kind']} label="类型">
        <Select options={DOCUMENT_KINDS.map((value) => ({ value, label: documentKindLabels[value] }))} />
      </Form.Item>
      <Form.Item name={[name, 'title']} label="资料名称" rules={[{ required: true, whitespace: true, message: '请填写资料名称' }]}>
        <Input />
      </Form.Item>
      <Form.Item name={[name, 'access']} label="下载权限" extra={kind === 'SDS' ? '安全信息：公开或登录后下载' : undefined}>
        <Select options={(kind === 'SDS' ? SDS_ACCESS : DOCUMENT_ACCESS).map((value) => ({ value, label: documentAccessLabels[value] }))} />
      </Form.Item>
      <Form.Item
        name={[name, 'file']}
        label="PDF 文件"
        extra={kind === 'SDS' && !stored?.hasFile ? '不上传则按“安全技术说明书”标签页的内容生成' : undefined}
        rules={[{ validator: async (_r, value) => (value || stored || kind === 'SDS' ? undefined : Promise.reject(new Error('请上传资料的 PDF 文件'))) }]}
      >
        <PdfField label={`上传资料 ${index + 1} 的 PDF`} replacing={stored !== undefined} />
      </Form.Item>
      <span className="product-desk__row-actions">
        {stored && product ? (
          <Button
            type="link"
            size="small"
            aria-label={`下载资料 ${stored.title}`}
            onClick={() => void downloadFile('excipientDocument', { params: { id: product.id, docId: stored.id } }, `${stored.title}.pdf`)}
          >
            下载
          </Button>
        ) : null}
        <Button type="text" icon={<MinusCircleOutlined aria-hidden />} onClick={onRemove} aria-label={`删除资料 ${index + 1}`} />
      </span>
    </div>
  );
}
