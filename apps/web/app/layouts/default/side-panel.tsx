import {
  CustomerServiceOutlined,
  LeftOutlined,
  QrcodeOutlined,
  RightOutlined,
  ShoppingCartOutlined,
  VerticalAlignTopOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import type { SiteProfile } from '@fuliaotong/contracts';
import { Badge, Popover, Tooltip } from 'antd';
import { useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CART_BADGE_COLOR, CART_BADGE_OVERFLOW, cartLinkName, useCartCount } from '../../features/sample/use-cart-count';
import { loginHref } from '../../features/session/login-redirect';
import { useCurrentUser } from '../../features/session/session';
import { paths } from '../../paths';
import { telHref } from '../../components/company-lines';
import { useSiteProfile } from '../../root-data';
import './side-panel.css';

/** Popups of the panel carry this class: a click inside one is not "elsewhere". */
const POPUP_CLASS = 'side-panel__popup';

/** Hover where there is a mouse; a tap opens a popover on touch screens. Hover until the browser says. */
function usePopoverTrigger(): Array<'hover' | 'focus' | 'click'> {
  const [canHover, setCanHover] = useState(true);
  useEffect(() => {
    const query = window.matchMedia('(hover: hover) and (pointer: fine)');
    const update = () => setCanHover(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return canHover ? ['hover', 'focus'] : ['click'];
}

/** A QR image the server draws (or the staff uploaded); until the staff set one, the tile says so. */
function QrImage({ src, name, size }: { src: string | null; name: string; size: number }) {
  if (!src) {
    return (
      <div className="side-panel__qr-none" style={{ width: size, height: size }}>
        {name}二维码即将上线
      </div>
    );
  }
  return <img src={src} width={size} height={size} alt={`${name}二维码`} className="side-panel__qr-image" loading="lazy" />;
}

function QrCard({ src, name, title, hint }: { src: string | null; name: string; title: string; hint: string }) {
  return (
    <div className="side-panel__qr">
      <div className="side-panel__qr-title">{title}</div>
      <QrImage src={src} name={name} size={132} />
      {src ? <div className="side-panel__qr-hint">{hint}</div> : null}
    </div>
  );
}

function ServiceCard({ site }: { site: SiteProfile }) {
  return (
    <div className="side-panel__service">
      <div className="side-panel__qr-title">联系客服</div>
      <dl className="side-panel__contacts">
        <dt>客服热线</dt>
        <dd>
          <a href={telHref(site.phone)}>{site.phone}</a>
        </dd>
        {site.landline ? (
          <>
            <dt>座机</dt>
            <dd>
              <a href={telHref(site.landline)}>{site.landline}</a>
            </dd>
          </>
        ) : null}
        {site.wechatHandle ? (
          <>
            <dt>微信</dt>
            <dd>{site.wechatHandle}</dd>
          </>
        ) : null}
        <dt>邮箱</dt>
        <dd>
          <a href={`mailto:${site.email}`}>{site.email}</a>
        </dd>
      </dl>
      {site.qrCodes.corporateChat ? <QrImage src={site.qrCodes.corporateChat} name="企业微信客服" size={116} /> : null}
      <div className="side-panel__qr-hint">
        {site.qrCodes.corporateChat ? (
          <>
            企业微信扫码咨询
            <br />
          </>
        ) : null}
        {site.serviceHours}
      </div>
    </div>
  );
}

/** One tile of the panel: an icon and a short label (the label is hidden on phones; the name stays). */
function Tile({ icon, label }: { icon: ReactNode; label: string }) {
  return (
    <>
      <span className="side-panel__icon" aria-hidden>
        {icon}
      </span>
      <span className="side-panel__label" aria-hidden>
        {label}
      </span>
    </>
  );
}

function PopoverTile({
  name,
  label,
  icon,
  content,
  trigger,
}: {
  name: string;
  label: string;
  icon: ReactNode;
  content: ReactElement;
  trigger: Array<'hover' | 'focus' | 'click'>;
}) {
  return (
    <Popover content={content} trigger={trigger} placement="left" classNames={{ root: POPUP_CLASS }} destroyOnHidden>
      <button type="button" className="side-panel__item" aria-label={name}>
        <Tile icon={icon} label={label} />
      </button>
    </Popover>
  );
}

/**
 * Where the panel stands: `auto` until the visitor opens or closes it, which is expanded where the page
 * leaves room for it beside the content (1280 px and wider) and collapsed to its handle on narrower
 * screens (the CSS decides, so the server's HTML is right for every width and nothing moves at
 * hydration); then what the visitor chose.
 */
type PanelState = 'auto' | 'expanded' | 'collapsed';

/**
 * The floating panel at the right edge of every default-layout page: the sample cart (with its count),
 * the public-account and mini-program QR codes, customer service, back to top. It never covers the page:
 * below 1280 px it starts as a handle in the page's right margin. It collapses to the handle on its
 * collapse handle, on a mouse-wheel scroll, on a click elsewhere on the page and on 回到顶部; the handle
 * expands it again.
 */
export function SidePanel() {
  const [state, setState] = useState<PanelState>('auto');
  const collapsed = state === 'collapsed';
  const setCollapsed = (value: boolean) => setState(value ? 'collapsed' : 'expanded');
  const panelRef = useRef<HTMLElement>(null);
  const user = useCurrentUser();
  const count = useCartCount();
  const trigger = usePopoverTrigger();
  const site = useSiteProfile();

  useEffect(() => {
    if (collapsed) return;
    const collapse = () => setState('collapsed');
    const onClick = (event: MouseEvent) => {
      const target = event.target;
      if (!(target instanceof Element) || !target.isConnected) return;
      if (panelRef.current?.contains(target) || target.closest(`.${POPUP_CLASS}`)) return;
      collapse();
    };
    window.addEventListener('wheel', collapse, { passive: true });
    document.addEventListener('click', onClick);
    return () => {
      window.removeEventListener('wheel', collapse);
      document.removeEventListener('click', onClick);
    };
  }, [collapsed]);

  const scrollToTop = () => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
    setCollapsed(true);
  };

  const cartName = cartLinkName(user ? count : 0);

  const handle = (
    <Tooltip title="展开快捷工具" placement="left">
      <button
        type="button"
        className="side-panel__expand"
        aria-label="展开快捷工具"
        aria-expanded={false}
        onClick={() => setCollapsed(false)}
      >
        <LeftOutlined aria-hidden />
        {user && count > 0 ? <span className="side-panel__dot" aria-hidden /> : null}
      </button>
    </Tooltip>
  );
  const body = (
    <div className="side-panel__body">
      <ul className="side-panel__list">
        <li>
          <Tooltip title="样品车" placement="left">
            <Link
              to={user ? paths.sampleCart : loginHref(paths.sampleCart)}
              className="side-panel__item side-panel__cart"
              aria-label={cartName}
            >
              <span className="side-panel__icon" aria-hidden>
                <Badge
                  count={user ? count : 0}
                  overflowCount={CART_BADGE_OVERFLOW}
                  color={CART_BADGE_COLOR}
                  size="small"
                  className="side-panel__badge"
                >
                  <ShoppingCartOutlined aria-hidden />
                </Badge>
              </span>
              <span className="side-panel__label" aria-hidden>
                样品车
              </span>
            </Link>
          </Tooltip>
        </li>
        <li>
          <PopoverTile
            name="公众号二维码"
            label="公众号"
            icon={<WechatOutlined aria-hidden />}
            trigger={trigger}
            content={
              <QrCard src={site.qrCodes.officialAccount} name="公众号" title="关注公众号" hint="微信扫一扫，获取辅料资讯与样品进度" />
            }
          />
        </li>
        <li>
          <PopoverTile
            name="小程序二维码"
            label="小程序"
            icon={<QrcodeOutlined aria-hidden />}
            trigger={trigger}
            content={<QrCard src={site.qrCodes.miniProgram} name="小程序" title="辅料通小程序" hint="微信扫一扫，手机上查辅料、申请样品" />}
          />
        </li>
        <li>
          <PopoverTile
            name="联系客服"
            label="客服"
            icon={<CustomerServiceOutlined aria-hidden />}
            trigger={trigger}
            content={<ServiceCard site={site} />}
          />
        </li>
        <li>
          <Tooltip title="回到顶部" placement="left">
            <button type="button" className="side-panel__item" aria-label="回到顶部" onClick={scrollToTop}>
              <Tile icon={<VerticalAlignTopOutlined aria-hidden />} label="顶部" />
            </button>
          </Tooltip>
        </li>
      </ul>
      <button type="button" className="side-panel__collapse" aria-label="收起快捷工具" aria-expanded onClick={() => setCollapsed(true)}>
        <RightOutlined aria-hidden />
      </button>
    </div>
  );

  return (
    <aside ref={panelRef} className={`side-panel is-${state}`} aria-label="快捷工具">
      {state === 'auto' ? (
        <>
          {handle}
          {body}
        </>
      ) : collapsed ? (
        handle
      ) : (
        body
      )}
    </aside>
  );
}
