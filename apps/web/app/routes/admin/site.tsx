import { MinusCircleOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { SiteQrSlot, SiteSettings, SiteSettingsBody as SiteSettingsValues } from '@fuliaotong/contracts';
import { SITE_QR_IMAGE_MAX_BYTES, SITE_QR_SLOTS, siteQrSlotLabels, paths } from '@fuliaotong/contracts/constants';
import { errorMessage } from '@fuliaotong/client';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Radio, Skeleton, Upload } from 'antd';
import { useEffect } from 'react';
import { LoadError } from '../../components/load-state';
import { Desk } from '../../features/staff/desk/desk';
import { siteSettingsQuery, useUpdateSiteSettings, useUploadSiteQr } from '../../features/staff/staff-api';
import { schemaRule } from '../../lib/form-rules';
import { FormError, useMutationForm } from '../../lib/mutation-form';
import { useSiteProfile } from '../../root-data';
import { pageMeta } from '../../site/pages';
import './staff-desks.css';
import { toast } from '../../components/toast';

export function meta() {
  return pageMeta(paths.adminSite);
}

type TextField = Exclude<keyof SiteSettingsValues, 'qrCodes' | 'licences'>;

const groups: Array<{
  title: string;
  fields: Array<{
    name: TextField;
    label: string;
    extra?: string;
    rows?: number;
    required?: boolean;
  }>;
}> = [
  {
    title: '公司信息',
    fields: [
      {
        name: 'company',
        label: '公司名称',
        required: true,
        extra: '页脚、关于我们、用户协议和隐私政策中的运营者名称。',
      },
      { name: 'address', label: '公司地址', required: true },
    ],
  },
  {
    title: '联系方式',
    fields: [
      { name: 'phone', label: '客服热线', required: true },
      { name: 'landline', label: '座机', extra: '不填则不显示。' },
      { name: 'emergencyPhone', label: '应急咨询电话', required: true, extra: '安全技术说明书第 1 部分印出的 24 小时应急咨询电话。' },
      { name: 'email', label: '客服邮箱', required: true },
      {
        name: 'privacyEmail',
        label: '个人信息保护邮箱',
        required: true,
        extra: '《隐私政策》中写明的联系邮箱。',
      },
      {
        name: 'wechatHandle',
        label: '企业微信 / 微信号',
        extra: '不填则不显示。',
      },
      {
        name: 'serviceHours',
        label: '服务时间',
        required: true,
        extra: '例如：工作日 9:00–18:00',
      },
    ],
  },
  {
    title: '首页与关于我们',
    fields: [
      { name: 'homeHeadline', label: '首页标题', required: true },
      { name: 'homeLead', label: '首页副标题', required: true, rows: 2 },
      {
        name: 'about',
        label: '公司介绍（关于我们）',
        required: true,
        rows: 6,
        extra: '段落之间空一行。',
      },
    ],
  },
];

/** Only the field's own schema checks it in the browser (the whole body's schema runs on the server). */
const fieldRule = (name: keyof SiteSettingsValues) => schemaRule((s) => s.SiteSettingsBody.shape[name]);

function toValues(settings: SiteSettings): SiteSettingsValues {
  const { updatedAt: _updatedAt, qrCodes, ...fields } = settings;
  const keep = (slot: SiteQrSlot) => {
    const state = qrCodes[slot];
    return state.kind === 'image' ? { kind: 'image' as const } : state;
  };
  return {
    ...fields,
    qrCodes: {
      officialAccount: keep('officialAccount'),
      miniProgram: keep('miniProgram'),
      corporateChat: keep('corporateChat'),
    },
  };
}

const fieldNames = [...groups.flatMap((group) => group.fields.map((field) => field.name)), 'icp', 'licences', 'qrCodes'];

/** One QR code: none, an address the server draws as a code, or an uploaded image (saved at once). */
function QrField({ slot, settings }: { slot: SiteQrSlot; settings: SiteSettings }) {
  const form = Form.useFormInstance<SiteSettingsValues>();
  const kind = Form.useWatch(['qrCodes', slot, 'kind'], form);
  const upload = useUploadSiteQr();
  const current = useSiteProfile().qrCodes[slot];
  const stored = settings.qrCodes[slot];
  const label = siteQrSlotLabels[slot];

  const send = async (file: File) => {
    if (file.size > SITE_QR_IMAGE_MAX_BYTES) {
      toast.error(`图片不能超过 ${SITE_QR_IMAGE_MAX_BYTES / 1024 / 1024} MB`);
      return;
    }
    try {
      await upload.mutateAsync({ slot, file });
      form.setFieldValue(['qrCodes', slot], { kind: 'image' });
      toast.success(`${label}二维码图片已上传，页面上已生效`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <div className="site-desk__qr">
      <div className="site-desk__qr-form">
        <Form.Item name={['qrCodes', slot, 'kind']} label={`${label}二维码`}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'none', label: '暂不显示' },
              { value: 'url', label: '由地址生成' },
              {
                value: 'image',
                label: '上传图片',
                disabled: stored.kind !== 'image' && kind !== 'image' && upload.isPending,
              },
            ]}
          />
        </Form.Item>
        {kind === 'url' ? (
          <Form.Item
            name={['qrCodes', slot, 'url']}
            label="二维码指向的地址"
            extra="扫码后打开的地址，须以 https:// 开头（例如公众号文章或企业微信客服链接）。保存后生成二维码。"
            rules={[{ required: true, message: '请填写地址' }]}
          >
            <Input placeholder="https://" inputMode="url" />
          </Form.Item>
        ) : null}
        {kind === 'image' ? (
          <Form.Item
            label="二维码图片"
            extra="PNG、JPEG 或 WebP，不超过 1 MB；微信后台下载的公众号二维码、小程序码可直接上传。上传后立即生效。"
          >
            <Upload
              accept="image/png,image/jpeg,image/webp"
              showUploadList={false}
              beforeUpload={(file) => {
                void send(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined aria-hidden />} loading={upload.isPending}>
                {stored.kind === 'image' ? '更换图片' : '选择图片'}
              </Button>
            </Upload>
          </Form.Item>
        ) : null}
      </div>
      <div className="site-desk__qr-preview">
        {current ? (
          <img src={current} width={112} height={112} alt={`当前的${label}二维码`} />
        ) : (
          <span className="site-desk__qr-empty">页面上显示“{label}二维码即将上线”</span>
        )}
        <div className="site-desk__qr-caption">当前页面上的二维码</div>
      </div>
    </div>
  );
}

/** The company's details every page shows: contacts, 备案 and licence lines, home headline, about, QR codes. */
export default function AdminSitePage() {
  const settings = useQuery(siteSettingsQuery());
  const { form, onFinish, formError, pending } = useMutationForm(useUpdateSiteSettings(), {
    variables: (values: SiteSettingsValues) => ({ ...values, licences: values.licences ?? [] }),
    fields: fieldNames,
    success: '网站信息已保存，所有页面立即使用新的内容',
    stored: toValues,
  });

  useEffect(() => {
    if (settings.data) form.setFieldsValue(toValues(settings.data));
  }, [form, settings.data]);

  return (
    <Desk
      path={paths.adminSite}
      className="site-desk"
      description="页脚、右侧快捷工具、关于我们、首页和法律文本中显示的公司信息。保存后立即生效，修改记入操作日志。"
    >
      {settings.isPending ? (
        <section className="panel">
          <Skeleton active paragraph={{ rows: 10 }} />
        </section>
      ) : settings.isError ? (
        <section className="panel">
          <LoadError error={settings.error} title="网站信息加载失败" onRetry={() => void settings.refetch()} />
        </section>
      ) : (
        <Form<SiteSettingsValues>
          form={form}
          layout="vertical"
          initialValues={toValues(settings.data)}
          onFinish={onFinish}
          scrollToFirstError
        >
          <FormError className="site-desk__error" message={formError} />
          {groups.map((group) => (
            <section key={group.title} className="panel site-desk__group" aria-label={group.title}>
              <h2 className="site-desk__title">{group.title}</h2>
              {group.fields.map((field) => (
                <Form.Item
                  key={field.name}
                  name={field.name}
                  label={field.label}
                  extra={field.extra}
                  rules={[
                    ...(field.required
                      ? [
                          {
                            required: true,
                            whitespace: true,
                            message: `请填写${field.label}`,
                          },
                        ]
                      : []),
                    fieldRule(field.name),
                  ]}
                >
                  {field.rows ? <Input.TextArea autoSize={{ minRows: field.rows }} /> : <Input />}
                </Form.Item>
              ))}
            </section>
          ))}

          <section className="panel site-desk__group" aria-label="备案与资质">
            <h2 className="site-desk__title">备案与资质</h2>
            <Form.Item
              name="icp"
              label="ICP 备案号"
              extra="显示在每页底部，并链接到工业和信息化部的备案查询网站。"
              rules={[fieldRule('icp')]}
            >
              <Input placeholder="例如：沪ICP备2024000001号-1" />
            </Form.Item>
            <Form.List name="licences">
              {(items, { add, remove }) => (
                <Form.Item
                  label="资质信息（每行一条，显示在备案号下方）"
                  extra="例如：互联网药品信息服务资格证书编号、公安机关备案号。最多 6 行。"
                >
                  {items.map((item) => (
                    <div key={item.key} className="site-desk__licence">
                      <Form.Item
                        name={item.name}
                        noStyle
                        rules={[
                          {
                            required: true,
                            whitespace: true,
                            message: '请填写资质信息或删除这一行',
                          },
                          schemaRule((s) => s.SiteSettingsBody.shape.licences.element),
                        ]}
                      >
                        <Input />
                      </Form.Item>
                      <Button
                        type="text"
                        aria-label="删除这一行"
                        icon={<MinusCircleOutlined aria-hidden />}
                        onClick={() => remove(item.name)}
                      />
                    </div>
                  ))}
                  {items.length < 6 ? (
                    <Button type="dashed" icon={<PlusOutlined aria-hidden />} onClick={() => add('')}>
                      添加一行
                    </Button>
                  ) : null}
                </Form.Item>
              )}
            </Form.List>
          </section>

          <section className="panel site-desk__group" aria-label="二维码">
            <h2 className="site-desk__title">二维码</h2>
            <p className="muted">右侧快捷工具中的二维码。未设置的显示“即将上线”，不会显示无法打开的二维码。</p>
            {SITE_QR_SLOTS.map((slot) => (
              <QrField key={slot} slot={slot} settings={settings.data} />
            ))}
          </section>

          <div className="site-desk__actions">
            <Button type="primary" htmlType="submit" loading={pending}>
              保存网站信息
            </Button>
            {settings.data.updatedAt ? (
              <span className="muted">
                上次保存：
                {new Date(settings.data.updatedAt).toLocaleString('zh-CN', {
                  hour12: false,
                })}
              </span>
            ) : (
              <span className="muted">尚未修改过，当前为默认内容</span>
            )}
          </div>
        </Form>
      )}
    </Desk>
  );
}
