import { applicationStatusLabels, DASHBOARD_PERIODS, paths } from '@fuliaotong/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Skeleton, Statistic, Table, Tag } from 'antd';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../components/load-state';
import { useCurrentUser } from '../../features/session/session';
import { desksFor } from '../../features/staff/admin-nav';
import { Desk } from '../../features/staff/desk/desk';
import { DeskChoice } from '../../features/staff/desk/desk-filters';
import { useDeskQuery } from '../../features/staff/desk/desk-query';
import { dashboardQuery } from '../../features/staff/staff-api';
import { pageMeta } from '../../site/pages';
import './staff-desks.css';

const DailyChart = lazy(() => import('../../features/staff/dashboard-charts').then((m) => ({ default: m.DailyChart })));
const StatusChart = lazy(() => import('../../features/staff/dashboard-charts').then((m) => ({ default: m.StatusChart })));

export function meta() {
  return pageMeta(paths.admin);
}

type Days = (typeof DASHBOARD_PERIODS)[number];

/** /admin: the overview every member of the staff starts from, with the way to their desks. */
export default function AdminDashboardPage() {
  const user = useCurrentUser();
  const { searchParams } = useDeskQuery();
  const days: Days = searchParams.get('days') === '30' ? 30 : 7;
  const dashboard = useQuery(dashboardQuery({ days }));
  const data = dashboard.data;
  const chart = <Skeleton.Node active style={{ width: '100%', height: 220 }} />;

  return (
    <Desk
      path={paths.admin}
      description={`最近 ${days} 天（北京时间，含今天）`}
      refresh={dashboard}
      filters={
        <>
          <DeskChoice
            label="统计时段"
            param="days"
            value={days}
            options={DASHBOARD_PERIODS.map((value) => ({ value, label: `最近 ${value} 天` }))}
          />
          <nav className="dashboard__desks" aria-label="我的工作">
            {desksFor(user?.roles ?? [])
              .filter((desk) => desk.to !== paths.admin)
              .map((desk) => (
                <Link key={desk.to} to={desk.to}>
                  {desk.label}
                </Link>
              ))}
          </nav>
        </>
      }
    >
      {dashboard.isError ? (
        <LoadError title="概览加载失败" error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={12} md={6}>
            <Card size="small">
              <Statistic title={`新用户（${days} 天）`} value={data?.members.new ?? 0} loading={!data} />
            </Card>
          </Col>
          <Col xs={12} md={6}>
            <Card size="small">
              <Statistic title="用户总数" value={data?.members.total ?? 0} loading={!data} />
            </Card>
          </Col>
          <Col xs={12} md={6}>
            <Card size="small">
              <Statistic title={`新样品申请（${days} 天）`} value={data?.applications.new ?? 0} loading={!data} />
            </Card>
          </Col>
          <Col xs={12} md={6}>
            <Card size="small">
              <Link to={`${paths.adminApplications}?status=submitted`} className="dashboard__stat-link">
                <Statistic title="待审核申请" value={data?.applications.byStatus.submitted ?? 0} loading={!data} />
              </Link>
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card size="small" title="每日新用户">
              {data ? (
                <Suspense fallback={chart}>
                  <DailyChart data={data.members.byDay} label="新用户" />
                </Suspense>
              ) : (
                chart
              )}
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card size="small" title="每日新样品申请">
              {data ? (
                <Suspense fallback={chart}>
                  <DailyChart data={data.applications.byDay} label="新申请" />
                </Suspense>
              ) : (
                chart
              )}
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card size="small" title="样品申请（按当前状态）">
              {data ? (
                <Suspense fallback={chart}>
                  <StatusChart
                    data={Object.entries(data.applications.byStatus).map(([status, count]) => ({
                      status: applicationStatusLabels[status as keyof typeof applicationStatusLabels],
                      count,
                    }))}
                  />
                </Suspense>
              ) : (
                chart
              )}
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card size="small" title={`搜索最多的关键词（${days} 天）`}>
              <Table
                size="small"
                rowKey="keyword"
                pagination={false}
                loading={!data}
                dataSource={data?.topKeywords}
                locale={{ emptyText: '这段时间还没有人搜索' }}
                columns={[
                  { title: '#', key: 'rank', width: 40, render: (_v, _r, index) => index + 1 },
                  {
                    title: '关键词',
                    dataIndex: 'keyword',
                    render: (keyword: string, row) => (
                      <>
                        <Link to={`${paths.search}?q=${encodeURIComponent(keyword)}`}>{keyword}</Link>
                        {row.noResults ? <Tag className="dashboard__tag">有无结果的搜索</Tag> : null}
                      </>
                    ),
                  },
                  { title: '次数', dataIndex: 'count', width: 70, align: 'right' },
                ]}
              />
            </Card>
          </Col>
        </Row>
      )}
    </Desk>
  );
}
