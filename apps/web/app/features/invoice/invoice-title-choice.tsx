import { invoiceTypeLabels, paths } from '@fuliaotong/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Radio } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadState } from '../../components/load-state';
import { invoiceTitlesQuery } from './invoice-api';
import { InvoiceTitleModal } from './invoice-title-modal';
import './invoice-title-choice.css';

/**
 * The title an invoice request is made with: the user's choice among their titles, or the only saved
 * title when there is one (a choice the user made stays while that title exists). undefined: none yet.
 */
export function useInvoiceTitleChoice() {
  const titles = useQuery(invoiceTitlesQuery());
  const [chosen, setChosen] = useState<number>();
  const only = titles.data?.items.length === 1 ? titles.data.items[0]?.id : undefined;
  const titleId = titles.data?.items.some((title) => title.id === chosen) ? chosen : only;
  return { titles, titleId, choose: setChosen };
}

/** The titles to choose from in an invoice request's dialog, with 新增抬头 and a link to manage them. */
export function InvoiceTitleChoice({ choice }: { choice: ReturnType<typeof useInvoiceTitleChoice> }) {
  const [adding, setAdding] = useState(false);
  return (
    <>
      <LoadState query={choice.titles} errorTitle="发票抬头加载失败" rows={2}>
        {(data) =>
          data.items.length === 0 ? (
            <Empty description="还没有发票抬头，请先新增" />
          ) : (
            <Radio.Group
              className="invoice-title-choice"
              aria-label="发票抬头"
              value={choice.titleId}
              onChange={(event) => choice.choose(event.target.value as number)}
            >
              {data.items.map((title) => (
                <Radio key={title.id} value={title.id}>
                  {title.owner === 'company' ? <span className="invoice-title-choice__owner">企业</span> : null}
                  {title.name}（{invoiceTypeLabels[title.type]}
                  {title.taxId ? ` · ${title.taxId}` : ''}）
                </Radio>
              ))}
            </Radio.Group>
          )
        }
      </LoadState>
      <p className="invoice-title-choice__links">
        <Button type="link" onClick={() => setAdding(true)}>
          新增抬头
        </Button>
        <Link to={paths.invoices}>管理发票抬头</Link>
      </p>
      <InvoiceTitleModal open={adding} onClose={() => setAdding(false)} />
    </>
  );
}
