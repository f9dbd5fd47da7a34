import type { ExcipientBody } from '@fuliaotong/contracts';

/** A published product as the products desk sends it (POST/PUT /api/admin/excipient), with one grade. */
export function productBody(nameZh: string, overrides: Partial<ExcipientBody> = {}): ExcipientBody {
  return {
    nameZh,
    nameEn: 'Microcrystalline Cellulose',
    synonyms: [],
    cas: '9004-34-6',
    category: '填充剂',
    dosageForms: ['片剂'],
    pharmacopoeias: ['ChP'],
    summary: '直接压片用填充剂。',
    description: '微晶纤维素。',
    regNos: [],
    published: true,
    sampleAvailable: false,
    featured: false,
    featuredOrder: 0,
    specs: [{ grade: 'PH-101', packSize: '1 kg', sampleAvailable: false }],
    documents: [],
    ...overrides,
  };
}
