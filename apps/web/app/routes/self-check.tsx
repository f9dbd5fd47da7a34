import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Spinner } from '../components/load-state';
import { PageHeading } from '../components/page-heading';
import { StatusTag } from '../components/status-tag';
import { toast } from '../components/toast';
import { apiProbeQuery } from '../features/self-check/self-check-api';
import { readBrowserInfo, type BrowserInfo } from '../lib/self-check';
import { paths } from '@fuliaotong/contracts/constants';
import { useRootData, useSiteProfile } from '../root-data';
import { pageMeta } from '../site/pages';
import './self-check.css';

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
      toast.success('检测结果已复制，可粘贴给客服');
    } catch {
      toast.info('无法自动复制，请长按或手动选择下方文字复制');
    }
  };

  const newer = probe?.health && root && probe.health.build !== root.buildId;

  return (
    <div className="container page">
      <PageHeading
        title="连接自检"
        description={`联系客服（${site.phone}）时，可将本页检测结果发送给客服人员，便于排查问题。`}
        extra={
          <button
            type="button"
            className="button"
            onClick={() => {
              if (!running) run();
            }}
            aria-busy={running}
          >
            {running ? <Spinner /> : null}
            重新检测
          </button>
        }
      />
      <section className="panel">
        <h2 className="panel__title">服务连接</h2>
        <dl className="facts-table">
          <dt>页面版本</dt>
          <dd>
            <code data-testid="build-id">{root?.buildId ?? '未知'}</code>
            {newer ? (
              <>
                {' '}
                <StatusTag color="orange">服务器已更新，请刷新页面</StatusTag>
              </>
            ) : null}
          </dd>
          <dt>接口可达</dt>
          <dd>
            {probe ? (
              probe.reachable ? (
                <span data-testid="api-status">
                  <CheckCircleFilled aria-hidden style={{ color: '#52c41a' }} /> 正常
                </span>
              ) : (
                <span data-testid="api-status">
                  <CloseCircleFilled aria-hidden style={{ color: '#ff4d4f' }} /> 无法连接：{probe.error}
                </span>
              )
            ) : (
              <span className="muted">
                <Spinner /> 检测中…
              </span>
            )}
          </dd>
          <dt>接口延迟</dt>
          <dd>
            {probe?.reachable ? (
              <span data-testid="api-latency">
                中位 {probe.medianMs} ms（{probe.samplesMs.length} 次：{probe.samplesMs.join(' / ')} ms）
              </span>
            ) : (
              '—'
            )}
          </dd>
          <dt>服务器版本</dt>
          <dd>{probe?.health?.build ?? '—'}</dd>
        </dl>
      </section>
      <section className="panel">
        <h2 className="panel__title">浏览器信息</h2>
        <dl className="facts-table">
          <dt>浏览器</dt>
          <dd>{browser?.userAgent ?? '—'}</dd>
          <dt>微信内置浏览器</dt>
          <dd>{browser ? (browser.inWeChat ? '是' : '否') : '—'}</dd>
          <dt>语言 / 时区</dt>
          <dd>{browser ? `${browser.language} / ${browser.timeZone}` : '—'}</dd>
          <dt>屏幕 / 视口</dt>
          <dd>{browser ? `${browser.screen} / ${browser.viewport}（像素比 ${browser.pixelRatio}）` : '—'}</dd>
          <dt>Cookie / 本地存储</dt>
          <dd>{browser ? `${browser.cookiesEnabled ? '开启' : '关闭'} / ${browser.localStorage ? '可用' : '不可用'}` : '—'}</dd>
        </dl>
        <div className="self-check__actions">
          <button type="button" className="button button--primary" onClick={() => void copy()} disabled={!probe}>
            复制检测结果
          </button>
        </div>
        <pre className="self-check__report" aria-label="检测结果文本">
          {report}
        </pre>
      </section>
    </div>
  );
}
