import {
  CheckCircleFilled,
  CheckOutlined,
  CloseCircleFilled,
  CloseOutlined,
  DownOutlined,
  EllipsisOutlined,
  ExclamationCircleFilled,
  EyeInvisibleOutlined,
  EyeOutlined,
  InfoCircleFilled,
  RightOutlined,
  SearchOutlined,
  SwapRightOutlined,
} from '@ant-design/icons';
import type { ConfigProviderProps } from 'antd';

/**
 * The icons antd draws inside its own controls, given once for the whole site through ConfigProvider.
 * antd names each icon with its English name ("down", "close-circle", "search"), which screen readers
 * read aloud. The site's rule for icons, antd's as well as its own: an icon that only decorates a
 * control (the control carries its Chinese name) is `aria-hidden`; an icon that is the only thing
 * saying what something is or does gets a Chinese `aria-label`. ESLint holds the site's own icons to it.
 */
export const componentIcons = {
  select: {
    suffixIcon: <DownOutlined aria-hidden />,
    clearIcon: <CloseCircleFilled aria-hidden />,
    menuItemSelectedIcon: <CheckOutlined aria-hidden />,
    removeIcon: <CloseOutlined aria-hidden />,
  },
  cascader: {
    suffixIcon: <DownOutlined aria-hidden />,
    clearIcon: <CloseCircleFilled aria-hidden />,
    expandIcon: <RightOutlined aria-hidden />,
    removeIcon: <CloseOutlined aria-hidden />,
  },
  datePicker: { clearIcon: <CloseCircleFilled aria-hidden /> },
  rangePicker: { separator: <SwapRightOutlined aria-label="至" /> },
  // A field's clear button shows only the icon: its name is the icon's.
  input: { allowClear: { clearIcon: <CloseCircleFilled aria-label="清除" /> } },
  textArea: { allowClear: { clearIcon: <CloseCircleFilled aria-label="清除" /> } },
  // The search button shows only the icon: its name is the icon's.
  inputSearch: { searchIcon: <SearchOutlined aria-label="搜索" /> },
  inputPassword: {
    iconRender: (visible: boolean) => (visible ? <EyeOutlined aria-label="隐藏密码" /> : <EyeInvisibleOutlined aria-label="显示密码" />),
  },
  alert: {
    successIcon: <CheckCircleFilled aria-label="成功" />,
    infoIcon: <InfoCircleFilled aria-label="提示" />,
    warningIcon: <ExclamationCircleFilled aria-label="注意" />,
    errorIcon: <CloseCircleFilled aria-label="错误" />,
  },
  tabs: { moreIcon: <EllipsisOutlined aria-label="更多" /> },
  modal: { closeIcon: <CloseOutlined aria-hidden /> },
  drawer: { closeIcon: <CloseOutlined aria-hidden /> },
  notification: { closeIcon: <CloseOutlined aria-hidden /> },
  // Not tags' and alerts' close icons: given here, they would make every tag and alert closable.
} satisfies Partial<ConfigProviderProps>;
