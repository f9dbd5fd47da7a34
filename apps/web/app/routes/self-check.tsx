import { CheckCircleTwoTone, CloseCircleTwoTone } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Skeleton, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { PageHeading } from '../components/page-heading';
import { apiProbeQuery } from '../features/self-check/self-check-api';
import { readBrowserInfo, type BrowserInfo } from '../lib/self-check';
import { paths } from '../paths';
import { useRootData, useSiteProfile } from '../root-data';
import { pageMeta } from '../site/pages';
import './self-check.css';
import { toast } from '../components/toast';

export function meta() {
  return pageMeta(paths.selfCheck);
}

/** A page customers open while talking to support: what build they run, whether the API answers and how fast. */
export default function SelfCheck() {
  const site = useSiteProfile();
  const root = useRootData();
  const check = useQuery(apiProbeQuery());
  const probe = check.data;
  const running = check.isFetching;
  // The browser is read in the browser only (the server renders the page without it).
  const [browser, setBrowser] = useState<BrowserInfo>();
  useEffect(() => setBrowser(readBrowserInfo()), []);

  const run = () => {
    setBrowser(readBrowserInfo());
    void check.refetch();
  };

  const report = [
    `页面版本：${root?.buildId ?? '未知'}`,
    `服务器版本：${probe?.health?.build ?? '未知'}`,
    `接口：${probe ? (probe.reachable ? `可达，中位延迟 ${probe.medianMs} ms（${probe.samplesMs.join(' / ')}）` : `不可达：${probe.error}`) : '检测中'}`,
    ...(browser
      ? [
          `浏览器：${browser.userAgent}`,
          `微信内置浏览器：${browser.inWeChat ? '是' : '否'}`,
          `语言 / 时区：${browser.language} / ${browser.timeZone}`,
          `屏幕 / 视口：${browser.screen} / ${browser.viewport}（DPR ${browser.pixelRatio}）`,
          `Cookie：${browser.cookiesEnabled ? '开启' : '关闭'}；本地存储：${browser.localStorage ? '可用' : '不可用'}；网络：${browser.online ? '在线' : '离线'}`,
        ]
      : []),
  ].join('\n');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(report);
      void toast.success('检测结果已复制，可粘贴给客服');
    } catch {
      void toast.info('无法自动复制，请长按或手动选择下方文字复制');
    }
  };

  const newer = probe?.health && root && probe.health.build !== root.buildId;

  return (
    <div className="container page">
      <PageHeading
        title="连接自检"
        description={`联系客服（${site.phone}）时，可将本页检测结果发送给客服人员，便于排查问题。`}
        extra={
          <Button onClick={run} loading={running}>
            重新检测
          </Button>
        }
      />
      <section className="panel">
        <Descriptions column={1} bordered size="small" title="服务连接">
          <Descriptions.Item label="页面版本">
            <code data-testid="build-id">{root?.buildId ?? '未知'}</code>
            {newer ? (
              <Tag color="orange" style={{ marginLeft: 8 }}>
                服务器已更新，请刷新页面
              </Tag>
            ) : null}
          </Descriptions.Item>
          <Descriptions.Item label="接口可达">
            {probe ? (
              probe.reachable ? (
                <span data-testid="api-status">
                  <CheckCircleTwoTone aria-hidden twoToneColor="#52c41a" /> 正常
                </span>
              ) : (
                <span data-testid="api-status">
                  <CloseCircleTwoTone aria-hidden twoToneColor="#ff4d4f" /> 无法连接：{probe.error}
                </span>
              )
            ) : (
              <Skeleton.Input active size="small" />
            )}
          </Descriptions.Item>
          <Descriptions.Item label="接口延迟">
            {probe?.reachable ? (
              <span data-testid="api-latency">
                中位 {probe.medianMs} ms（{probe.samplesMs.length} 次：{probe.samplesMs.join(' / ')} ms）
              </span>
            ) : (
              '—'
            )}
          </Descriptions.Item>
          <Descriptions.Item label="服务器版本">{probe?.health?.build ?? '—'}</Descriptions.Item>
        </Descriptions>
      </section>
      <section className="panel">
        <Descriptions column={1} bordered size="small" title="浏览器信息">
          <Descriptions.Item label="浏览器">{browser?.userAgent ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="微信内置浏览器">{browser ? (browser.inWeChat ? '是' : '否') : '—'}</Descriptions.Item>
          <Descriptions.Item label="语言 / 时区">{browser ? `${browser.language} / ${browser.timeZone}` : '—'}</Descriptions.Item>
          <Descriptions.Item label="屏幕 / 视口">
            {browser ? `${browser.screen} / ${browser.viewport}（像素比 ${browser.pixelRatio}）` : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="Cookie / 本地存储">
            {browser ? `${browser.cookiesEnabled ? '开启' : '关闭'} / ${browser.localStorage ? '可用' : '不可用'}` : '—'}
          </Descriptions.Item>
        </Descriptions>
        <div className="self-check__actions">
          <Button type="primary" onClick={() => void copy()} disabled={!probe}>
            复制检测结果
          </Button>
        </div>
        <pre className="self-check__report" aria-label="检测结果文本">
          {report}
        </pre>
      </section>
    </div>
  );
}
