import { EnvironmentOutlined, PlusOutlined } from '@ant-design/icons';
import { COMPANY_ADDRESS_MANAGERS, MAX_ADDRESSES, holdsCompanyRole, paths } from '@fuliaotong/contracts/constants';
import type { Address } from '@fuliaotong/contracts';
import { errorMessage } from '@fuliaotong/client';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Popconfirm, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import type { Route } from './+types/address-manager';
import { EmptyState, LoadState } from '../../components/load-state';
import { PageHeading } from '../../components/page-heading';
import { addressesQuery, useDeleteAddress, useSetDefaultAddress } from '../../features/address/address-api';
import { myCompanyQuery } from '../../features/company/company-api';
import { pageInfo, pageMeta } from '../../site/pages';
import { settingsHandle } from '../../site/route-handle';
import '../../features/address/address.css';
import { toast } from '../../components/toast';
import { useOpenedOnce } from '../../components/opened-once';

// The address dialog (a form with the region picker) loads when first opened.
const AddressFormModal = lazy(() => import('../../features/address/address-form-modal').then((m) => ({ default: m.AddressFormModal })));

export const handle = settingsHandle;

export function meta({ location }: Route.MetaArgs) {
  return pageMeta(location.pathname);
}

/** The default address first, then the newest. */
function ordered(items: Address[]): Address[] {
  return [...items].sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || b.createdAt.localeCompare(a.createdAt));
}

function AddressCard({ address, onEdit }: { address: Address; onEdit: () => void }) {
  const makeDefault = useSetDefaultAddress();
  const remove = useDeleteAddress();
  // Through the promises: a deleted address's card is gone once the list has been read again.
  const showError = (error: unknown) => toast.error(errorMessage(error));
  const setAsDefault = () => makeDefault.mutateAsync(address.id).then(() => toast.success('已设为默认地址'), showError);
  const removeAddress = () => remove.mutateAsync(address.id).then(() => toast.success('地址已删除'), showError);

  return (
    <li className={address.isDefault ? 'address-card is-default' : 'address-card'} data-address-id={address.id}>
      <div className="address-card__head">
        <span className="address-card__recipient">{address.recipient}</span>
        <span className="address-card__mobile">{address.mobile}</span>
        {address.isDefault ? (
          <Tag color="blue" className="address-card__tag">
            默认
          </Tag>
        ) : null}
        {address.owner === 'company' ? (
          <Tag color="purple" className="address-card__tag">
            企业
          </Tag>
        ) : null}
      </div>
      <p className="address-card__region">{address.regionNames.join(' ')}</p>
      <p className="address-card__street">{address.street}</p>
      {address.canManage ? (
      <div className="address-card__actions">
        {address.isDefault || address.owner === 'company' ? null : (
          <Button type="link" size="small" loading={makeDefault.isPending} onClick={() => void setAsDefault()}>
            设为默认
          </Button>
        )}
        <Button type="link" size="small" onClick={onEdit}>
          编辑
        </Button>
        <Popconfirm title="删除这个地址？" okText="删除" okButtonProps={{ danger: true }} cancelText="取消" onConfirm={removeAddress}>
          <Button type="link" size="small" danger loading={remove.isPending}>
            删除
          </Button>
        </Popconfirm>
      </div>
      ) : (
        <p className="address-card__note">由企业管理员、采购维护</p>
      )}
    </li>
  );
}

export default function AddressManagerPage() {
  const info = pageInfo(paths.addresses);
  const addresses = useQuery(addressesQuery());
  const { data } = addresses;
  // The form: adding (no address) or editing one; the address stays while the modal closes.
  // Each opening mounts a fresh form (`key`), so that no value of the previous one lingers.
  const [form, setForm] = useState<{ open: boolean; address?: Address; forCompany?: boolean; key: number }>({ open: false, key: 0 });
  const opened = useOpenedOnce({ form: form.open });
  const openForm = (address?: Address, forCompany = false) => setForm((current) => ({ open: true, address, forCompany, key: current.key + 1 }));
  const company = useQuery(myCompanyQuery()).data?.company ?? null;
  const all = data ? ordered(data.items) : [];
  const items = all.filter((address) => address.owner === 'personal');
  const shared = all.filter((address) => address.owner === 'company');
  // The company's group shows for members who use its addresses (they are in the list) or keep them.
  const keepsCompany = company !== null && holdsCompanyRole(company.myRoles, COMPANY_ADDRESS_MANAGERS);
  const grouped = keepsCompany || shared.length > 0;
  const full = items.length >= MAX_ADDRESSES;
  const companyFull = shared.length >= MAX_ADDRESSES;

  const addButton = (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} disabled={!data || full} onClick={() => openForm()}>
      新增收货地址
    </Button>
  );

  return (
    <div className="page address-page">
      <PageHeading title={info.title} description={info.description} extra={addButton} />
      {data ? (
        <p className="address-page__count" role="status">
          已保存 {items.length} 个个人地址，最多可保存 {MAX_ADDRESSES} 个{grouped ? '；企业地址另计' : ''}。
        </p>
      ) : null}
      {full ? (
        <Alert
          className="address-page__limit"
          type="warning"
          showIcon
          title={`已达到 ${MAX_ADDRESSES} 个地址的上限，请先删除不再使用的地址，再新增地址。`}
        />
      ) : null}

      <LoadState
        query={addresses}
        errorTitle="收货地址加载失败"
        rows={3}
        panel
        isEmpty={() => all.length === 0 && !keepsCompany}
        empty={
          <EmptyState
            image={<EnvironmentOutlined aria-hidden className="empty-icon" />}
            description="还没有收货地址，添加一个用于接收样品。"
          >
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => openForm()}>
              新增收货地址
            </Button>
          </EmptyState>
        }
      >
        {() =>
          grouped ? (
            <>
              <section className="address-group" aria-labelledby="address-group-personal">
                <h2 id="address-group-personal" className="address-group__title">个人</h2>
                {items.length === 0 ? <p className="address-group__empty">还没有个人地址。</p> : null}
                <ul className="address-list" aria-label="个人收货地址">
                  {items.map((address) => (
                    <AddressCard key={address.id} address={address} onEdit={() => openForm(address)} />
                  ))}
                </ul>
              </section>
              <section className="address-group" aria-labelledby="address-group-company">
                <div className="address-group__head">
                  <h2 id="address-group-company" className="address-group__title">
                    企业（{company?.name ?? shared[0]?.companyName}）
                  </h2>
                  {keepsCompany ? (
                    <Button icon={<PlusOutlined aria-hidden />} disabled={companyFull} onClick={() => openForm(undefined, true)}>
                      新增企业地址
                    </Button>
                  ) : null}
                </div>
                {shared.length === 0 ? <p className="address-group__empty">企业还没有共用的收货地址。</p> : null}
                <ul className="address-list" aria-label="企业收货地址">
                  {shared.map((address) => (
                    <AddressCard key={address.id} address={address} onEdit={() => openForm(address)} />
                  ))}
                </ul>
              </section>
            </>
          ) : (
            <ul className="address-list" aria-label="收货地址">
              {items.map((address) => (
                <AddressCard key={address.id} address={address} onEdit={() => openForm(address)} />
              ))}
            </ul>
          )
        }
      </LoadState>

      {opened.form ? (
        <Suspense fallback={null}>
          <AddressFormModal
            key={form.key}
            open={form.open}
            address={form.address}
            isFirst={items.length === 0}
            company={form.forCompany && company ? { id: company.id, name: company.name } : undefined}
            onClose={() => setForm((current) => ({ ...current, open: false }))}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
