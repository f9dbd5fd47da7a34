import { BellOutlined, CrownOutlined, DatabaseOutlined, EnvironmentOutlined, FileDoneOutlined, ProfileOutlined, ShoppingCartOutlined, StarOutlined, WalletOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths, withQuery } from '@fuliaotong/contracts/constants';
import './account.css';

const shortcuts: Array<{ to: string; label: string; icon: ReactNode }> = [
  { to: paths.applications, label: '我的申请', icon: <ProfileOutlined aria-hidden /> },
  { to: paths.sampleCart, label: '样品车', icon: <ShoppingCartOutlined aria-hidden /> },
  { to: paths.favorites, label: '我的收藏', icon: <StarOutlined aria-hidden /> },
  { to: paths.databaseOrders, label: '我的订单', icon: <DatabaseOutlined aria-hidden /> },
  { to: paths.invoices, label: '发票管理', icon: <FileDoneOutlined aria-hidden /> },
  // The orders waiting to be paid, each with its 去支付 (the payment page itself is for one order).
  { to: withQuery(paths.databaseOrders, { status: 'pending' }), label: '待支付', icon: <WalletOutlined aria-hidden /> },
  { to: paths.upgrade, label: '会员升级', icon: <CrownOutlined aria-hidden /> },
  { to: paths.addresses, label: '收货地址', icon: <EnvironmentOutlined aria-hidden /> },
  { to: paths.notices, label: '消息通知', icon: <BellOutlined aria-hidden /> },
];

/** A link to every account page. */
export function AccountShortcuts() {
  return (
    <nav className="shortcuts" aria-label="常用功能">
      {shortcuts.map((item) => (
        <Link key={item.to} to={item.to} className="shortcuts__item">
          <span className="shortcuts__icon" aria-hidden>
            {item.icon}
          </span>
          <span className="shortcuts__label">{item.label}</span>
        </Link>
      ))}
    </nav>
  );
}
