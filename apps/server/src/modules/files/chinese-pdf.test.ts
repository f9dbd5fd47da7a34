import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text.js';
import { chinesePdf } from './chinese-pdf.js';

describe('chinesePdf', () => {
  const long = '微晶纤维素（Microcrystalline Cellulose）是片剂、胶囊剂中应用最广泛的填充剂之一，用于增加制剂的重量与体积、改善成型性。';
  const pdf = chinesePdf(
    '微晶纤维素技术资料',
    [
      { text: '微晶纤维素技术资料', style: 'title' },
      { text: '用于增加制剂的重量与体积并改善成型性'.repeat(6) },
      ...Array.from({ length: 40 }, () => ({ text: long })),
    ],
    '辅料通 · 微晶纤维素',
  );
  const source = pdf.toString('latin1');

  it('writes a PDF whose cross-reference table points at its objects', () => {
    expect(source.startsWith('%PDF-1.7\n')).toBe(true);
    expect(source.trimEnd().endsWith('%%EOF')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(source)![1]);
    expect(source.slice(startxref, startxref + 4)).toBe('xref');
    const entries = [...source.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(entries.length).toBeGreaterThan(5);
    entries.forEach((offset, index) => expect(source.slice(offset, offset + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`));
  });

  it('sets the text in the predefined Chinese font, wrapped within the page, on as many pages as it needs', () => {
    expect(source).toContain('/BaseFont /STSong-Light /Encoding /UniGB-UCS2-H');
    expect(source).toContain('/Ordering (GB1)');
    const pages = Number(/\/Type \/Pages \/Kids \[[^\]]*\] \/Count (\d+) >>/.exec(source)![1]);
    expect(pages).toBeGreaterThan(1);
    const text = pdfText(pdf);
    expect(text.split('\n')[0]).toBe('微晶纤维素技术资料');
    // The wrapped lines give back the paragraph; Latin words are not broken.
    expect(text).toContain('微晶纤维素（Microcrystalline Cellulose）是片剂');
    // The footer of each page; the middle dot set as the font's own (U+30FB).
    expect(text).toContain(`辅料通 ・ 微晶纤维素    第 ${pages} 页，共 ${pages} 页`);
    // A line of Chinese text holds (595 − 2 × 56) / 10.5 = 46 characters.
    const chinese = text.split('\n').filter((line) => !/[ -~]/.test(line));
    expect(chinese.length).toBeGreaterThan(10);
    expect(Math.max(...chinese.map((line) => [...line].length))).toBe(46);
  });

  it('names the document in its information, and replaces characters the font cannot have', () => {
    const title = Buffer.from('微晶纤维素技术资料', 'utf16le').swap16().toString('hex');
    expect(source).toContain(`/Title <feff${title}>`);
    expect(pdfText(chinesePdf('x', [{ text: '𠀀甲' }], ''))).toContain('?甲');
  });
});
