import { data, redirect } from 'react-router';
import type { Route } from './+types/database-records';
import { referenceListQuery } from '../features/reference/reference-api';
import { DatabaseRecords } from '../features/reference/database-records';
import { loadQueries } from '../lib/route-data';
import { paths } from '@fuliaotong/contracts/constants';
import { RouteLoadError } from '../components/error-view';

/** /topdatabase?code= (standard or usage; registration records have their own page) and /dbinfolist (standards). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const code = url.pathname === paths.standards ? 'standard' : (url.searchParams.get('code') ?? '');
  if (code === 'registration') throw redirect(paths.registrations);
  if (!code) throw redirect(paths.database);
  const list = await loadQueries(context, (ensure, c) => ensure(referenceListQuery(c)));
  const db = list.items.find((d) => d.code === code);
  if (!db) throw data({ message: `数据库不存在：${code || '（未指定 code）'}` }, { status: 404 });
  return db;
}

export function meta({ data: db }: Route.MetaArgs) {
  return db ? [{ title: `${db.name} - 辅料通` }, { name: 'description', content: db.description }] : [{ title: '数据库 - 辅料通' }];
}

export default function DatabaseRecordsPage({ loaderData }: Route.ComponentProps) {
  return <DatabaseRecords db={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteLoadError error={error} back={{ to: paths.database, label: '全部数据库' }} />;
}
