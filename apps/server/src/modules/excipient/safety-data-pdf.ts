import {
  ghsPictogramLabels,
  SDS_NO_DATA,
  SDS_NOT_CLASSIFIED,
  SDS_NOT_DANGEROUS_GOODS,
  SDS_PROPERTIES,
  SDS_SECTIONS,
  sdsCompositionKindLabels,
  type SafetyDataBody,
  type SdsPropertyKey,
  type SdsSectionKey,
  type SiteSettings,
} from '@fuliaotong/contracts';
import { chinesePdf, type PdfBlock } from '../files/chinese-pdf.js';

/** The product as section 1 names it. */
export interface SafetyDataProduct {
  nameZh: string;
  nameEn: string;
  synonyms: string[];
  cas: string | null;
}

const or = (value: string, fallback = SDS_NO_DATA) => value.trim() || fallback;

/**
 * The structured part of each section (before the section's own text). A section with neither prints
 * what a real SDS prints: 无资料, or for classification and transport that nothing applies.
 */
function structured(
  key: SdsSectionKey,
  sheet: SafetyDataBody,
  product: SafetyDataProduct,
  supplier: Pick<SiteSettings, 'company' | 'address' | 'phone' | 'email' | 'emergencyPhone'>,
): PdfBlock[] {
  switch (key) {
    case 'identification':
      return [
        { text: `化学品中文名：${product.nameZh}` },
        { text: `化学品英文名：${product.nameEn}` },
        ...(product.synonyms.length ? [{ text: `别名：${product.synonyms.join('、')}` }] : []),
        { text: `推荐用途：${or(sheet.recommendedUse)}` },
        { text: `限制用途：${or(sheet.restrictedUse, '无')}` },
        { text: `供应商名称：${supplier.company}` },
        { text: `地址：${supplier.address}` },
        { text: `电话：${supplier.phone}    电子邮件：${supplier.email}` },
        { text: `应急咨询电话（24 小时）：${supplier.emergencyPhone}` },
      ];
    case 'hazards':
      if (sheet.hazards.length === 0) return [{ text: `GHS 危险性类别：${SDS_NOT_CLASSIFIED}` }, { text: '标签要素：不需要 GHS 象形图、信号词和危险性说明。' }];
      return [
        { text: `GHS 危险性类别：${sheet.hazards.map((h) => `${h.hazardClass} ${h.category}`).join('；')}` },
        { text: `象形图：${sheet.pictograms.map((p) => `${p}（${ghsPictogramLabels[p]}）`).join('、') || '无'}` },
        { text: `信号词：${sheet.signalWord ?? '无'}` },
        { text: '危险性说明：' },
        ...sheet.hazardStatements.map((s) => ({ text: `${s.code} ${s.text}` })),
        ...(sheet.precautionaryStatements.length
          ? [{ text: '防范说明：' }, ...sheet.precautionaryStatements.map((s) => ({ text: `${s.code} ${s.text}` }))]
          : []),
      ];
    case 'composition':
      return [
        { text: `${sdsCompositionKindLabels[sheet.compositionKind]}：` },
        ...sheet.components.map((c) => ({ text: `${c.name}    CAS 号：${c.cas || '无'}    含量：${or(c.concentration)}` })),
      ];
    case 'physicalProperties':
      return (Object.keys(SDS_PROPERTIES) as SdsPropertyKey[]).map((k) => ({ text: `${SDS_PROPERTIES[k]}：${or(sheet.properties[k])}` }));
    case 'transport': {
      const t = sheet.transport;
      if (!t.unNumber) return [{ text: `联合国危险货物编号（UN 号）：不适用。${SDS_NOT_DANGEROUS_GOODS}` }];
      return [
        { text: `联合国危险货物编号（UN 号）：UN${t.unNumber}` },
        { text: `联合国运输名称：${t.properName}` },
        { text: `联合国危险性类别：${t.transportClass}${t.subsidiaryClass ? `（次要危险性 ${t.subsidiaryClass}）` : ''}` },
        { text: `包装类别：${t.packingGroup ? `${t.packingGroup} 类包装` : '不适用'}` },
        { text: `海洋污染物（是/否）：${t.marinePollutant ? '是' : '否'}` },
      ];
    }
    default:
      return [];
  }
}

/**
 * A product's safety data sheet as a PDF: the 16 numbered sections of GB/T 16483 / GB/T 17519 in their
 * order, the supplier's details and emergency phone from the site's settings in section 1, and on every
 * page the revision and its date (the sheet is dated with its revision, not the day it is downloaded).
 */
export function safetyDataPdf(
  sheet: SafetyDataBody,
  product: SafetyDataProduct,
  supplier: Pick<SiteSettings, 'company' | 'address' | 'phone' | 'email' | 'emergencyPhone'>,
): Promise<Buffer> {
  const title = `${product.nameZh} 安全技术说明书`;
  const edition = `版本：${sheet.revision}    修订日期：${sheet.revisedOn}`;
  const blocks: PdfBlock[] = [
    { text: title, style: 'title' },
    { text: `按 GB/T 16483-2008、GB/T 17519-2013 编制    ${edition}`, style: 'small' },
  ];
  SDS_SECTIONS.forEach((section, index) => {
    blocks.push({ text: `第 ${index + 1} 部分  ${section.title}`, style: 'heading' });
    const parts = structured(section.key, sheet, product, supplier);
    const own = sheet.sections[section.key].trim();
    blocks.push(...parts);
    if (own) blocks.push(...own.split(/\n\s*\n/).map((text) => ({ text: text.trim() })));
    if (!parts.length && !own) blocks.push({ text: SDS_NO_DATA });
  });
  // Noon in China on the revision day: the date the document's information states.
  const date = new Date(`${sheet.revisedOn}T12:00:00+08:00`);
  return chinesePdf(title, blocks, `${supplier.company} · ${product.nameZh} SDS · ${edition}`, { date });
}
