import { deflateSync } from 'node:zlib';

/**
 * A4 PDF documents of Chinese text (the catalogue's data sheets) with no embedded font: the text is set
 * in STSong-Light, one of the CJK fonts every PDF viewer provides without embedding (Adobe-GB1 with the
 * UniGB-UCS2-H encoding: PDF 1.7, 9.7.5.2; Acrobat, Chrome's and WeChat's PDFium, pdf.js and poppler
 * all have it), so a page of text costs a few kilobytes instead of a multi-megabyte font. See
 * docs/decisions/0023-data-sheets-as-chinese-pdf.md.
 */

export interface PdfBlock {
  text: string;
  /** heading: larger and bold; small: the footnote size. */
  style?: 'title' | 'heading' | 'body' | 'small';
}

const PAGE = { width: 595, height: 842, margin: 56 };
const SIZES = { title: 18, heading: 12.5, body: 10.5, small: 9 } as const;
const LEADING = 1.65;

/**
 * The widths (thousandths of an em) of the proportional Latin glyphs, ASCII 0x20–0x7E (Adobe-GB1 CIDs
 * 1–95, where UniGB-UCS2-H puts them), as a sans-serif font draws them: the PDF states them, so that a
 * viewer's substitute font sets Latin words as words. Everything else is a full em.
 */
const LATIN_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278,
  584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944,
  667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
  278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
/** Characters the font has under another code point. */
const SUBSTITUTES: Record<string, string> = { '\u00b7': '\u30fb', '\u2022': '\u25cf' };

/** Width of a character in ems. */
const widthOf = (char: string) => {
  const code = char.charCodeAt(0);
  return code >= 0x20 && code <= 0x7e ? LATIN_WIDTHS[code - 0x20]! / 1000 : 1;
};

/** Lines of at most `width` ems; a line breaks anywhere in Chinese text, between words in Latin text. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    let used = 0;
    const tokens = paragraph.match(/[!-~]+|./gu) ?? [''];
    for (const token of tokens) {
      const w = [...token].reduce((sum, c) => sum + widthOf(c), 0);
      if (used + w > width && line) {
        lines.push(line.trimEnd());
        line = '';
        used = 0;
        if (token === ' ') continue;
      }
      if (w > width) {
        // A Latin word longer than a line: broken by characters.
        for (const c of token) {
          if (used + widthOf(c) > width) {
            lines.push(line);
            line = '';
            used = 0;
          }
          line += c;
          used += widthOf(c);
        }
        continue;
      }
      line += token;
      used += w;
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

/** Text as a PDF string in the font's encoding: UCS-2, big-endian, in hex (characters beyond it become "?"). */
function ucs2(text: string): string {
  let hex = '';
  for (const char of text) {
    const code = (SUBSTITUTES[char] ?? char).codePointAt(0)!;
    hex += (code > 0xffff || (code < 0x20 && code !== 0x09) ? 0x3f : code).toString(16).padStart(4, '0');
  }
  return `<${hex}>`;
}

/** A text string for the document information (UTF-16BE with its byte-order mark). */
function infoString(text: string): string {
  return `<feff${Buffer.from(text, 'utf16le').swap16().toString('hex')}>`;
}

/** Lays the blocks out on A4 pages and writes the PDF file. */
export function chinesePdf(title: string, blocks: readonly PdfBlock[], footer: string): Buffer {
  const usable = PAGE.width - 2 * PAGE.margin;
  const pages: string[][] = [[]];
  let y = PAGE.height - PAGE.margin;
  const bottom = PAGE.margin + 24;
  for (const block of blocks) {
    const size = SIZES[block.style ?? 'body'];
    const bold = block.style === 'title' || block.style === 'heading';
    const before = block.style === 'heading' ? size * 0.8 : 0;
    const lines = wrap(block.text, usable / size);
    y -= before;
    for (const line of lines) {
      if (y - size < bottom) {
        pages.push([]);
        y = PAGE.height - PAGE.margin;
      }
      y -= size;
      if (line) {
        pages[pages.length - 1]!.push(
          `BT /F1 ${size} Tf ${bold ? `2 Tr ${(size / 30).toFixed(2)} w` : '0 Tr'} ${PAGE.margin} ${y.toFixed(2)} Td ${ucs2(line)} Tj ET`,
        );
      }
      y -= size * (LEADING - 1);
    }
    y -= size * 0.5;
  }

  const objects: string[] = [];
  /** Adds an object; answers its number. */
  const add = (body: string) => objects.push(body);
  const catalog = add('');
  const pagesRef = add('');
  const descriptor = add(
    '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
  );
  const cidFont = add(
    `<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >> /FontDescriptor ${descriptor} 0 R /DW 1000 /W [1 [${LATIN_WIDTHS.join(' ')}]] >>`,
  );
  const font = add(`<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [${cidFont} 0 R] >>`);
  const streams: Array<{ ref: number; data: Buffer }> = [];
  const pageRefs: number[] = [];
  pages.forEach((commands, index) => {
    const pageFooter = `${footer}    第 ${index + 1} 页，共 ${pages.length} 页`;
    const content = [...commands, `BT /F1 ${SIZES.small} Tf 0 Tr 0.45 g ${PAGE.margin} ${PAGE.margin - 10} Td ${ucs2(pageFooter)} Tj ET`].join('\n');
    const data = deflateSync(Buffer.from(content, 'latin1'));
    const contents = add('');
    streams.push({ ref: contents, data });
    pageRefs.push(
      add(
        `<< /Type /Page /Parent ${pagesRef} 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${contents} 0 R >>`,
      ),
    );
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesRef} 0 R /Lang (zh-CN) >>`;
  objects[pagesRef - 1] = `<< /Type /Pages /Kids [${pageRefs.map((r) => `${r} 0 R`).join(' ')}] /Count ${pageRefs.length} >>`;
  const info = add(`<< /Title ${infoString(title)} /Producer ${infoString('辅料通')} >>`);

  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    const ref = index + 1;
    offsets.push(length);
    const stream = streams.find((s) => s.ref === ref);
    const part = stream
      ? Buffer.concat([
          Buffer.from(`${ref} 0 obj\n<< /Length ${stream.data.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
          stream.data,
          Buffer.from('\nendstream\nendobj\n', 'latin1'),
        ])
      : Buffer.from(`${ref} 0 obj\n${body}\nendobj\n`, 'latin1');
    chunks.push(part);
    length += part.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`),
    `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${length}\n%%EOF\n`,
  ].join('');
  chunks.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(chunks);
}
