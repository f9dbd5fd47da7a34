import { describe, expect, it } from 'vitest';
import { pdfFonts, pdfInfo, pdfMetadata, pdfObjects, pdfStream, pdfText, pdfTrailer, renderPage } from '../../../test/poppler.js';
import { chinesePdf } from './chinese-pdf.js';

const date = new Date('2025-03-01T08:00:00.700Z');
const long = '微晶纤维素（Microcrystalline Cellulose）是片剂、胶囊剂中应用最广泛的填充剂之一，用于增加制剂的重量与体积、改善成型性。';
const sheet = () =>
  chinesePdf(
    '微晶纤维素技术资料',
    [
      { text: '微晶纤维素技术资料', style: 'title' },
      { text: '资料类型：技术资料    日期：2025-03-01', style: 'small' },
      { text: '产品信息', style: 'heading' },
      { text: '用于增加制剂的重量与体积并改善成型性'.repeat(6) },
      { text: `长词：${'Hydroxypropylmethylcellulose'.repeat(4)}` },
      ...Array.from({ length: 40 }, () => ({ text: long })),
    ],
    '辅料通 · 微晶纤维素',
    { date },
  );

/** The object a reference in `dict` under `key` points at. */
const referenced = (objects: Map<number, string>, dict: string, key: string) => {
  const match = new RegExp(`/${key} (\\d+) 0 R`).exec(dict);
  expect(match, `${key} in ${dict}`).not.toBeNull();
  return Number(match![1]);
};

describe('chinesePdf', () => {
  it('writes a PDF 1.7 file whose cross-reference table points at its objects, with an ID and no encryption', async () => {
    const pdf = await sheet();
    const source = pdf.toString('latin1');
    expect(source.startsWith('%PDF-1.7\n%\xff\xff\xff\xff\n')).toBe(true);
    expect(source.trimEnd().endsWith('%%EOF')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(source)![1]);
    expect(source.slice(startxref, startxref + 4)).toBe('xref');
    const entries = [...source.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(entries.length).toBeGreaterThan(10);
    entries.forEach((offset, index) => expect(source.slice(offset, offset + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`));
    const trailer = pdfTrailer(pdf);
    const id = /\/ID \[<([0-9a-f]{32})> <([0-9a-f]{32})>\]/.exec(trailer);
    expect(id?.[1]).toBe(id?.[2]);
    expect(trailer).not.toContain('/Encrypt');
    expect(pdfInfo(pdf)).toMatchObject({ Encrypted: 'no', 'PDF version': '1.7', 'Page size': '595 x 842 pts (A4)' });
    // The same document at the same time is the same file.
    expect((await sheet()).equals(pdf)).toBe(true);
  });

  it('embeds a subset of Noto Sans SC for every font it uses: bold for the title and headings, regular for the rest', async () => {
    const fonts = pdfFonts(await sheet());
    expect(fonts.map((f) => f.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual(['NotoSansSC-Bold', 'NotoSansSC-Regular']);
    for (const font of fonts) {
      expect(font).toMatchObject({ type: 'CID TrueType', encoding: 'Identity-H', embedded: true, subset: true, unicode: true });
      expect(font.name).toMatch(/^[A-Z]{6}\+NotoSansSC-/);
    }
    const plain = pdfFonts(await chinesePdf('说明', [{ text: '正文' }], '页脚'));
    expect(plain.map((f) => [f.name.slice(7), f.embedded, f.subset])).toEqual([['NotoSansSC-Regular', true, true]]);
    // A subset: a page of text is tens of kilobytes, not the 10 MB font files.
    expect((await sheet()).length).toBeLessThan(80_000);
  });

  it('declares PDF/A-2b: the XMP identification, the information repeated in the metadata, an sRGB output intent', async () => {
    const pdf = await sheet();
    const metadata = pdfMetadata(pdf);
    expect(metadata).toMatch(/^<\?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"\?>/);
    expect(metadata).toContain('<pdfaid:part>2</pdfaid:part>');
    expect(metadata).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
    expect(metadata).toMatch(/<dc:title>\s*<rdf:Alt>\s*<rdf:li xml:lang="x-default">微晶纤维素技术资料<\/rdf:li>/);
    // The creation date to the second, the same instant as the information dictionary's.
    expect(metadata).toContain('<xmp:CreateDate>2025-03-01T08:00:00Z</xmp:CreateDate>');
    expect(metadata).toContain('<xmp:ModifyDate>2025-03-01T08:00:00Z</xmp:ModifyDate>');
    expect(metadata).toContain('<xmp:CreatorTool>辅料通</xmp:CreatorTool>');
    expect(metadata).toContain('<pdf:Producer>辅料通</pdf:Producer>');
    expect(metadata).toMatch(/<\?xpacket end="w"\?>\s*$/);
    const info = pdfInfo(pdf);
    expect(info).toMatchObject({ Title: '微晶纤维素技术资料', Creator: '辅料通', Producer: '辅料通', CreationDate: '2025-03-01T08:00:00Z', ModDate: '2025-03-01T08:00:00Z', 'Metadata Stream': 'yes' });
    // Every entry of the information dictionary has its counterpart in the metadata, checked above.
    expect(Object.keys(info).filter((key) => ['Title', 'Author', 'Subject', 'Keywords', 'Creator', 'Producer', 'CreationDate', 'ModDate'].includes(key)).sort()).toEqual([
      'CreationDate',
      'Creator',
      'ModDate',
      'Producer',
      'Title',
    ]);

    const objects = pdfObjects(pdf);
    const catalog = [...objects.values()].find((body) => body.includes('/Type /Catalog'))!;
    expect(catalog).toContain('/Lang (zh-CN)');
    // The metadata stream is not compressed, so that any reader finds it.
    const metadataObject = referenced(objects, catalog, 'Metadata');
    expect(pdf.toString('latin1')).toMatch(new RegExp(`\\n${metadataObject} 0 obj\\n<<(?:(?!>>)[\\s\\S])*/Type /Metadata\\n/Subtype /XML(?:(?!>>)[\\s\\S])*>>\\nstream`));
    expect(pdf.toString('latin1')).not.toMatch(new RegExp(`\\n${metadataObject} 0 obj\\n<<[^>]*/Filter`));
    expect(pdfStream(pdf, metadataObject).toString('utf8')).toBe(metadata.trimEnd());

    const intents = /\/OutputIntents \[(\d+) 0 R\]/.exec(catalog);
    expect(intents).not.toBeNull();
    const intent = objects.get(Number(intents![1]))!;
    expect(intent).toContain('/Type /OutputIntent');
    expect(intent).toContain('/S /GTS_PDFA1');
    expect(intent).toContain('/OutputConditionIdentifier (sRGB IEC61966-2.1)');
    const profileObject = referenced(objects, intent, 'DestOutputProfile');
    expect(pdf.toString('latin1')).toMatch(new RegExp(`\\n${profileObject} 0 obj\\n<<[^>]*/N 3\\n`));
    // The ICC profile (ICC.1 header): its whole length, a display profile for RGB, version 2, the "acsp" signature.
    const profile = pdfStream(pdf, profileObject);
    expect(profile.readUInt32BE(0)).toBe(profile.length);
    expect(profile.readUInt8(8)).toBe(2);
    expect(profile.subarray(12, 24).toString('latin1')).toBe('mntrRGB XYZ ');
    expect(profile.subarray(36, 40).toString('latin1')).toBe('acsp');
    expect(profile.toString('latin1')).toContain('IEC 61966-2-1 Default RGB Colour Space - sRGB');
  });

  it('keeps the title well-formed in the metadata, and the information and the metadata alike', async () => {
    const pdf = await chinesePdf('A&B <C>\u0007乳糖', [{ text: '正文' }], '');
    expect(pdfInfo(pdf).Title).toBe('A＆B ＜C＞ 乳糖');
    expect(pdfMetadata(pdf)).toContain('<rdf:li xml:lang="x-default">A＆B ＜C＞ 乳糖</rdf:li>');
  });

  it('sets the text wrapped within the page, on as many pages as it needs, each with its footer', async () => {
    const pdf = await sheet();
    const pages = Number(pdfInfo(pdf).Pages);
    expect(pages).toBeGreaterThan(1);
    const text = pdfText(pdf);
    expect(text.split('\n')[0]).toBe('微晶纤维素技术资料');
    // The wrapped lines give back the paragraph; Latin words are not broken; a word longer than a line starts
    // a line of its own and is broken by characters.
    expect(text).toContain('微晶纤维素（Microcrystalline Cellulose）是片剂');
    expect(text).toContain(`长词：\n${'Hydroxypropylmethylcellulose'.repeat(3)}Hydr`);
    // pdftotext reads a run of spaces as one.
    expect(text).toContain('资料类型：技术资料 日期：2025-03-01');
    for (let page = 1; page <= pages; page++) expect(text).toContain(`辅料通 · 微晶纤维素 第 ${page} 页，共 ${pages} 页`);
    // A line of Chinese text holds (595 − 2 × 56) / 10.5 = 46 characters: every character of the font is a full em.
    const chinese = text.split('\n').filter((line) => line && !/[ -~]/.test(line));
    expect(chinese.length).toBeGreaterThan(10);
    expect(Math.max(...chinese.map((line) => [...line].length))).toBe(46);
  });

  it('sets a table: a heading row, each cell wrapped in its column, rows kept whole, the heading again on the next page', async () => {
    const columns = [
      { heading: '序号', share: 0.1 },
      { heading: '检验项目', share: 0.3 },
      { heading: '标准规定', share: 0.6 },
    ];
    const rows = Array.from({ length: 60 }, (_, i) => [String(i + 1), `项目${i + 1}`, i === 0 ? long : `不得过 ${i}.0%`]);
    const pdf = await chinesePdf('x', [{ text: '检验结果', style: 'heading' }, { table: { columns, rows } }, { text: '表后文字' }], '');
    const pages = Number(pdfInfo(pdf).Pages);
    expect(pages).toBe(2);
    const text = pdfText(pdf, { layout: true });
    const [first, second] = text.split('\f');
    for (const page of [first!, second!]) expect(page).toMatch(/序号\s+检验项目\s+标准规定\n/);
    // The long cell wraps within its column: its second line starts under the column, not under 序号.
    const lines = first!.split('\n');
    const row1 = lines.findIndex((line) => /^\s*1\s+项目1\s+微晶纤维素/.test(line));
    expect(row1).toBeGreaterThan(-1);
    const column = lines[row1]!.indexOf('微晶纤维素');
    expect(lines[row1 + 1]!.slice(0, column).trim()).toBe('');
    expect(lines[row1 + 1]!.trim().length).toBeGreaterThan(0);
    // Every row once, whole: its number, item and limit on one line.
    for (let i = 2; i <= 60; i++) expect(text).toMatch(new RegExp(`\\n\\s*${i}\\s+项目${i}\\s+不得过 ${i - 1}\\.0%\\n`));
    expect(second).toContain('表后文字');
  });

  it('replaces characters the font cannot set, and reads back each character as written where two share a glyph', async () => {
    expect(pdfText(await chinesePdf('x', [{ text: '𠀀甲\u0001乙\t丙' }], ''))).toContain('?甲?乙 丙');
    // Noto Sans SC draws · and • with one glyph: each document reads back the one it used, whatever documents came before.
    expect(pdfText(await chinesePdf('x', [{ text: '辅料通 · 乳糖' }], ''))).toContain('辅料通 · 乳糖');
    expect(pdfText(await chinesePdf('x', [{ text: '• 100 目，500 g' }], ''))).toContain('• 100 目，500 g');
    expect(pdfText(await chinesePdf('x', [{ text: '⼀ 部首' }], ''))).toContain('⼀ 部首');
    expect(pdfText(await chinesePdf('x', [{ text: '一 汉字' }], ''))).toContain('一 汉字');
  });

  it('draws each character with its own glyph: a page rendered by pdftoppm shows the strokes, not blanks or boxes', async () => {
    /** Dark pixels of the first line of body text (its baseline 66.5 pt below the top) rendered at 72 dpi, one pixel a point. */
    const ink = async (text: string) => {
      const page = renderPage(await chinesePdf('x', [{ text }], ''), 1, 72);
      let dark = 0;
      const rows = new Set<number>();
      for (let y = 50; y < 72; y++) {
        for (let x = 50; x < page.width - 50; x++) {
          if (page.pixels[y * page.width + x]! < 128) {
            dark++;
            rows.add(y);
          }
        }
      }
      return { dark, rows: rows.size };
    };
    const one = await ink('一'.repeat(20));
    const dragon = await ink('龍'.repeat(20));
    const latin = await ink('Microcrystalline Cellulose');
    // 一 is one horizontal stroke, 龍 some twenty: a missing glyph would be blank, a box the same for both.
    expect(one.dark).toBeGreaterThan(0);
    expect(one.rows).toBeLessThanOrEqual(3);
    expect(dragon.dark).toBeGreaterThan(4 * one.dark);
    expect(dragon.rows).toBeGreaterThan(7);
    expect(latin.dark).toBeGreaterThan(0);
  });
});
