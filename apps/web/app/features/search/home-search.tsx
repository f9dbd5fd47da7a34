import { Input } from 'antd';
import { useNavigate } from 'react-router';
import { paths, withQuery } from '../../paths';

/** The site-wide search box (home pages, the search page): the words go to /search. */
export function HomeSearch({ size = 'large', defaultValue }: { size?: 'large' | 'middle'; defaultValue?: string }) {
  const navigate = useNavigate();
  return (
    <Input.Search
      size={size}
      enterButton="搜索"
      allowClear
      defaultValue={defaultValue}
      maxLength={50}
      placeholder="搜索辅料名称、CAS 号、登记号、企业名称…"
      aria-label="站内搜索"
      onSearch={(value) => {
        const q = value.trim();
        if (q) void navigate(withQuery(paths.search, { q }));
      }}
    />
  );
}
