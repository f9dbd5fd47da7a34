import type { ChangeNoticeState } from '@fuliaotong/contracts';
import { changeImpactLevelLabels, changeNoticeKindLabels, changeNoticeStateLabels, type ChangeImpactLevelName, type ChangeNoticeKindName } from '@fuliaotong/contracts/constants';
import { Descriptions, Tag } from 'antd';
import type { ReactNode } from 'react';

const stateColors: Record<ChangeNoticeState, string> = { draft: 'default', published: 'green', withdrawn: 'red' };
const levelColors: Record<ChangeImpactLevelName, string> = { major: 'red', moderate: 'orange', minor: 'blue' };

export function ChangeNoticeStatusTag({ status }: { status: ChangeNoticeState }) {
  return (
    <Tag color={stateColors[status]} data-status={status}>
      {changeNoticeStateLabels[status]}
    </Tag>
  );
}

export function ImpactLevelTag({ level }: { level: ChangeImpactLevelName }) {
  return <Tag color={levelColors[level]}>{changeImpactLevelLabels[level]}</Tag>;
}

/** Text kept as the staff wrote it: one paragraph a line. */
export function Paragraphs({ text }: { text: string }) {
  return (
    <div className="change-notice-text">
      {text.split('\n').map((line, i) => (
        <p key={i}>{line}</p>
      ))}
    </div>
  );
}

/** What changed, when, its class and the impact assessment. */
export function ChangeNoticeFacts({
  notice,
  extra = [],
}: {
  notice: { number: string; excipient: { name: string }; kind: ChangeNoticeKindName; impactLevel: ChangeImpactLevelName; effectiveOn: string; description: string; impact: string };
  extra?: Array<{ key: string; label: string; children: ReactNode }>;
}) {
  return (
    <Descriptions
      className="change-notice-facts"
      bordered
      size="small"
      column={1}
      items={[
        { key: 'number', label: '通知编号', children: notice.number },
        { key: 'product', label: '产品', children: notice.excipient.name },
        { key: 'kind', label: '变更类别', children: changeNoticeKindLabels[notice.kind] },
        { key: 'level', label: '变更分类', children: <ImpactLevelTag level={notice.impactLevel} /> },
        { key: 'effective', label: '生效日期', children: notice.effectiveOn },
        { key: 'description', label: '变更内容', children: <Paragraphs text={notice.description} /> },
        { key: 'impact', label: '影响评估', children: <Paragraphs text={notice.impact} /> },
        ...extra,
      ]}
    />
  );
}
