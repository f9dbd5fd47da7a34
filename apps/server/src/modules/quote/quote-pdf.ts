import { formatFen, paymentTermsLabels, quoteUnitLabels, type QuoteRevision, type SiteSettings } from '@fuliaotong/contracts';
import { chinesePdf, type PdfBlock } from '../files/chinese-pdf.js';

/** Who the quote is for, as the request names them. */
export interface QuoteBuyer {
  /** The company the request was made for, or the requester. */
  name: string;
  contactName: string;
  contactPhone: string;
  deliveryCity: string;
  requestNumber: string;
}

const quantityText = (n: number) => String(Number(n.toFixed(3)));

/**
 * One revision of a quote as a PDF the buyer can file or forward (报价单): the supplier's details from
 * the site's settings, the buyer, each line with what a 增值税专用发票 later needs (规格型号, 单位,
 * 税率, 税收分类编码), the totals in figures, the validity and the terms. Dated when the revision was
 * made, not when it is downloaded.
 */
export function quotePdf(
  revision: QuoteRevision,
  buyer: QuoteBuyer,
  supplier: Pick<SiteSettings, 'company' | 'address' | 'phone' | 'email'>,
): Promise<Buffer> {
  const title = `报价单 ${revision.number}（第 ${revision.revision} 版）`;
  const date = revision.createdAt.slice(0, 10);
  // The lines as a table of what an invoice lists; what each line adds (its tax code, MOQ, lead time,
  // transport terms, remark) follows it, by the line's number.
  const table: PdfBlock = {
    table: {
      columns: [
        { heading: '序号', share: 0.07 },
        { heading: '品名及规格型号', share: 0.33 },
        { heading: '单位', share: 0.08 },
        { heading: '数量', share: 0.1 },
        { heading: '含税单价', share: 0.13 },
        { heading: '税率', share: 0.08 },
        { heading: '金额（含税）', share: 0.21 },
      ],
      rows: revision.lines.map((line, index) => [
        String(index + 1),
        `${line.productName}\n${line.spec}`,
        quoteUnitLabels[line.unit],
        quantityText(line.quantity),
        formatFen(line.unitPriceFen),
        `${line.taxRate}%`,
        `${formatFen(line.amountFen)}\n税额 ${formatFen(line.taxFen)}`,
      ]),
    },
  };
  const details: PdfBlock[] = revision.lines.map((line, index) => {
    const unit = quoteUnitLabels[line.unit];
    const parts = [
      `税收分类编码：${line.taxCode}`,
      `起订量：${quantityText(line.moq)} ${unit}`,
      `交货期：${line.leadTimeDays} 天`,
      ...(line.dangerousGoods ? [`危险化学品：${line.dangerousGoods}`] : []),
      ...(line.remark ? [`备注：${line.remark}`] : []),
    ];
    return { text: `${index + 1}. ${line.productName}：${parts.join('    ')}`, style: 'small' };
  });
  const payment = revision.paymentTerms === 'credit' ? `${paymentTermsLabels.credit} ${revision.creditDays ?? 0} 天` : paymentTermsLabels.prepaid;
  const blocks: PdfBlock[] = [
    { text: title, style: 'title' },
    { text: `报价日期：${date}    询价单号：${buyer.requestNumber}    报价人：${revision.quotedBy}`, style: 'small' },
    { text: '供方', style: 'heading' },
    { text: supplier.company },
    { text: `地址：${supplier.address}` },
    { text: `电话：${supplier.phone}    邮箱：${supplier.email}` },
    { text: '需方', style: 'heading' },
    { text: buyer.name },
    { text: `联系人：${buyer.contactName}    电话：${buyer.contactPhone}    收货城市：${buyer.deliveryCity}` },
    { text: '报价明细', style: 'heading' },
    table,
    ...details,
    { text: '合计', style: 'heading' },
    { text: `合计金额（含税）：${formatFen(revision.totalFen)}    其中税额：${formatFen(revision.taxFen)}` },
    { text: '条款', style: 'heading' },
    { text: `报价有效期至：${revision.validUntil}（含当日）` },
    { text: `付款方式：${payment}` },
    { text: `交货条款：${revision.deliveryTerms}` },
    ...(revision.remark ? [{ text: `备注：${revision.remark}` }] : []),
    { text: '以上价格均为含税价（人民币）。本报价单在有效期内有效，以双方签订的合同或订单为准。', style: 'small' },
  ];
  return chinesePdf(title, blocks, `${supplier.company} · ${revision.number}`, { date: new Date(revision.createdAt) });
}
