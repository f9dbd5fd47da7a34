import { DoubleLeftOutlined, DoubleRightOutlined, EllipsisOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Pagination } from 'antd';
import type { ReactElement } from 'react';
import { useSearchParams } from 'react-router';

/** antd's own page buttons, with Chinese names for the arrows that name the previous and next buttons, other icons hidden. */
function jumpLink(icon: ReactElement) {
  return (
    <a className="ant-pagination-item-link">
      <div className="ant-pagination-item-container">
        {icon}
        <span className="ant-pagination-item-ellipsis">
          <EllipsisOutlined aria-hidden />
        </span>
      </div>
    </a>
  );
}
const pagerIcons = {
  prevIcon: (
    <button className="ant-pagination-item-link" type="button" tabIndex={-1}>
      <LeftOutlined aria-label="上一页" />
    </button>
  ),
  nextIcon: (
    <button className="ant-pagination-item-link" type="button" tabIndex={-1}>
      <RightOutlined aria-label="下一页" />
    </button>
  ),
  jumpPrevIcon: jumpLink(<DoubleLeftOutlined aria-hidden className="ant-pagination-item-link-icon" />),
  jumpNextIcon: jumpLink(<DoubleRightOutlined aria-hidden className="ant-pagination-item-link-icon" />),
};

/** Pagination kept in the URL (`page`), so that a page of results can be shared and the back button works. */
export function ListPager({ total, pageSize, cap }: { total: number; pageSize: number; cap?: number }) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  if (total <= pageSize) return null;
  return (
    <div className="list-pager">
      <Pagination
        current={page}
        pageSize={pageSize}
        total={total}
        showSizeChanger={false}
        {...pagerIcons}
        showTotal={(n) => (cap && n >= cap ? `共 ${cap.toLocaleString('zh-CN')}+ 条` : `共 ${n.toLocaleString('zh-CN')} 条`)}
        onChange={(next) => {
          const updated = currentParams(params);
          if (next > 1) updated.set('page', String(next));
          else updated.delete('page');
          setParams(updated);
          window.scrollTo({ top: 0 });
        }}
      />
    </div>
  );
}

/**
 * The query string as it is now. A navigation renders in a transition, after the address has changed:
 * a second filter picked in that moment must build on the address, not on the previous render's params.
 */
function currentParams(rendered: URLSearchParams): URLSearchParams {
  return new URLSearchParams(typeof window === 'undefined' ? rendered : window.location.search);
}

/** Sets (or removes, for an empty value) query parameters and goes back to the first page. */
export function useFilterParams() {
  const [params, setParams] = useSearchParams();
  const set = (changes: Record<string, string | undefined | null>) => {
    const updated = currentParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) updated.set(key, value);
      else updated.delete(key);
    }
    updated.delete('page');
    setParams(updated);
  };
  return [params, set] as const;
}
