import { CustomerServiceOutlined, LeftOutlined, QrcodeOutlined, RightOutlined, ShoppingCartOutlined, VerticalAlignTopOutlined, WechatOutlined } from '@ant-design/icons';
import type { SiteProfile } from '@fuliaotong/contracts';
import { useCallback, useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CART_BADGE_COLOR, CART_BADGE_OVERFLOW, cartLinkName, useCartCount } from '../../features/sample-cart/use-cart-count';
import { loginHref } from '../../features/session/login-redirect';
import { useCurrentUser } from '../../features/session/session';
import { paths } from '@fuliaotong/contracts/constants';
import { telHref } from '../../components/company-lines';
import { CountBadge } from '../../components/count-badge';
import { useSiteProfile } from '../../root-data';
import './side-panel.css';

/** Popups of the panel carry this class: a click inside one is not "elsewhere". */
const POPUP_CLASS = 'side-panel__popup';

type Trigger = 'hover' | 'click';

/** Hover (and keyboard focus) where there is a mouse; a tap opens a popover on touch screens. Hover until the browser says. */
function usePopoverTrigger(): Trigger {
  const [canHover, setCanHover] = useState(true);
  useEffect(() => {
    const query = window.matchMedia('(hover: hover) and (pointer: fine)');
    const update = () => setCanHover(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return canHover ? 'hover' : 'click';
}

/** How long a popup stays after the pointer leaves its tile (time to reach the popup itself). */
const LEAVE_DELAY_MS = 100;

/**
 * A popup to the left of a tile of the panel: a popover with a card (`popover`), or a short dark
 * label (`tooltip`, on hover and focus only). It opens on hover and focus, or on a tap (`click`
 * trigger), closes on leaving both tile and popup, on Escape, and on a tap elsewhere; it is in the page
 * only while open. Placed with fixed coordinates from the tile's box, outside the panel's clipped body.
 */
function SidePopup({
  kind,
  trigger,
  content,
  children,
}: {
  kind: 'popover' | 'tooltip';
  trigger: Trigger;
  content: ReactNode;
  children: (props: TriggerProps) => ReactElement;
}) {
  const [place, setPlace] = useState<{ right: number; top: number } | null>(null);
  const anchor = useRef<HTMLElement | null>(null);
  const leaveTimer = useRef<number | undefined>(undefined);
  const popupRef = useRef<HTMLDivElement>(null);
  const open = useCallback(() => {
    window.clearTimeout(leaveTimer.current);
    const box = anchor.current?.getBoundingClientRect();
    if (box) setPlace({ right: document.documentElement.clientWidth - box.left + 8, top: box.top + box.height / 2 });
  }, []);
  const close = useCallback(() => {
    window.clearTimeout(leaveTimer.current);
    setPlace(null);
  }, []);
  const leave = () => {
    window.clearTimeout(leaveTimer.current);
    leaveTimer.current = window.setTimeout(close, LEAVE_DELAY_MS);
  };
  useEffect(() => () => window.clearTimeout(leaveTimer.current), []);
  useEffect(() => {
    if (!place) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!anchor.current?.contains(target) && !popupRef.current?.contains(target)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    window.addEventListener('scroll', close, { passive: true });
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      window.removeEventListener('scroll', close);
    };
  }, [place, close]);

  // A tooltip only where there is a mouse (on touch screens the tile's label is its name); a popover on
  // hover and focus there, on a tap elsewhere.
  const hover = trigger === 'hover';
  const shown = hover || kind === 'popover';
  const props: TriggerProps = {
    ref: (node) => {
      anchor.current = node;
    },
    ...(!shown
      ? {}
      : hover
        ? { onMouseEnter: open, onMouseLeave: leave, onFocus: open, onBlur: leave }
        : { onClick: () => (place ? close() : open()), 'aria-expanded': place !== null }),
  };
  return (
    <>
      {children(props)}
      {place ? (
        <div
          ref={popupRef}
          className={`${POPUP_CLASS} side-panel__popup--${kind}`}
          role={kind === 'tooltip' ? 'tooltip' : undefined}
          style={{ right: place.right, top: place.top }}
          onMouseEnter={hover ? open : undefined}
          onMouseLeave={hover ? leave : undefined}
        >
          {content}
        </div>
      ) : null}
    </>
  );
}

interface TriggerProps {
  ref: (node: HTMLElement | null) => void;
  onMouseEnter?: () => void;
  onMouseLeave?: () => void;
  onFocus?: () => void;
  onBlur?: () => void;
  onClick?: () => void;
  'aria-expanded'?: boolean;
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
  trigger: Trigger;
}) {
  return (
    <SidePopup kind="popover" trigger={trigger} content={content}>
      {(props) => (
        <button type="button" className="side-panel__item" aria-label={name} {...props}>
          <Tile icon={icon} label={label} />
        </button>
      )}
    </SidePopup>
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
    <SidePopup kind="tooltip" trigger={trigger} content="展开快捷工具">
      {(props) => (
        <button
          type="button"
          className="side-panel__expand"
          aria-label="展开快捷工具"
          aria-expanded={false}
          {...props}
          onClick={() => setCollapsed(false)}
        >
          <LeftOutlined aria-hidden />
          {user && count > 0 ? <span className="side-panel__dot" aria-hidden /> : null}
        </button>
      )}
    </SidePopup>
  );
  const body = (
    <div className="side-panel__body">
      <ul className="side-panel__list">
        <li>
          <SidePopup kind="tooltip" trigger={trigger} content="样品车">
            {(props) => (
              <Link
                to={user ? paths.sampleCart : loginHref(paths.sampleCart)}
                className="side-panel__item side-panel__cart"
                aria-label={cartName}
                {...props}
              >
                <span className="side-panel__icon" aria-hidden>
                  <CountBadge count={user ? count : 0} overflow={CART_BADGE_OVERFLOW} color={CART_BADGE_COLOR}>
                    <ShoppingCartOutlined aria-hidden />
                  </CountBadge>
                </span>
                <span className="side-panel__label" aria-hidden>
                  样品车
                </span>
              </Link>
            )}
          </SidePopup>
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
          <SidePopup kind="tooltip" trigger={trigger} content="回到顶部">
            {(props) => (
              <button type="button" className="side-panel__item" aria-label="回到顶部" {...props} onClick={scrollToTop}>
                <Tile icon={<VerticalAlignTopOutlined aria-hidden />} label="顶部" />
              </button>
            )}
          </SidePopup>
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
