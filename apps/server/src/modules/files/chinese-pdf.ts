import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Font } from 'fontkit';
import type PDFDocumentClass from 'pdfkit';

/**
 * A4 PDF documents of Chinese text (the catalogue's data sheets, quotes), written with pdfkit. The text is
 * set in Noto Sans SC (regular and bold, SIL Open Font License 1.1, from the npm package
 * `@expo-google-fonts/noto-sans-sc`), embedded as a subset of the glyphs the document uses, and the file
 * is PDF/A-2b: XMP metadata naming the part and conformance, the ICC's sRGB profile as its output intent,
 * a document ID. pdfkit and fontkit are loaded, and each font file (about 10 MB) read and parsed, once per
 * process at its first document. See docs/decisions/0066-pdfs-embed-their-fonts.md.
 */

export interface PdfTextBlock {
  text: string;
  /** title and heading: larger and bold; small: the footnote size. */
  style?: 'title' | 'heading' | 'body' | 'small';
}

/**
 * A table across the text's width: a bold heading row, then the rows, each cell's text wrapped in its
 * column, ruled between rows. A row that does not fit goes to the next page, under the heading row again.
 */
export interface PdfTable {
  /** The columns' headings and their shares of the width (together 1). */
  columns: ReadonlyArray<{ heading: string; share: number }>;
  rows: ReadonlyArray<ReadonlyArray<string>>;
}

export type PdfBlock = PdfTextBlock | { table: PdfTable };

export interface PdfOptions {
  /** When the document was made (its information and metadata state it, to the second); now unless given. */
  date?: Date;
}

const PAGE = { width: 595, height: 842, margin: 56 };
const SIZES = { title: 18, heading: 12.5, body: 10.5, small: 9 } as const;
const LEADING = 1.65;
const INK = '#000000';
const FOOTER_INK = '#737373';
/** The document's producer and creator tool. */
const PRODUCER = '辅料通';
/** Text placed by its baseline (pdfkit's y runs down the page) and never wrapped by pdfkit: the lines are already broken. */
const BASELINE = { lineBreak: false, baseline: 'alphabetic' } as const;

type Weight = 'regular' | 'bold';

const FONT_FILES: Record<Weight, string> = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
};

/**
 * pdfkit and the two weights parsed by fontkit: loaded at the first document and kept for the process's
 * life (loading the libraries costs some 25 MB, the parsed fonts some 30 MB, which a process that never
 * writes a PDF does without).
 */
let writer: Promise<{ PDFDocument: typeof PDFDocumentClass; fonts: Record<Weight, Font> }> | undefined;

function loadWriter() {
  writer ??= (async () => {
    const [{ default: PDFDocument }, { create }] = await Promise.all([import('pdfkit'), import('fontkit')]);
    const require = createRequire(import.meta.url);
    const load = (weight: Weight) => create(readFileSync(require.resolve(FONT_FILES[weight])));
    return { PDFDocument, fonts: { regular: load('regular'), bold: load('bold') } };
  })().catch((error: unknown) => {
    writer = undefined;
    throw error;
  });
  return writer;
}

/** The text as the font can set it: a tab is a space, a line break stays; other control characters and characters the font lacks are "?". */
function settable(text: string, font: Font): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code === 0x09) out += ' ';
    else if (code === 0x0a) out += char;
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0) || !font.hasGlyphForCodePoint(code)) out += '?';
    else out += char;
  }
  return out;
}

/**
 * Measures text in ems as the font sets it: a Latin word through the font's layout (its ligatures and
 * kerning, as pdfkit draws it), any other character by its advance (laying out each Chinese character
 * would cost a third of a millisecond).
 */
function measurer(font: Font) {
  const scale = 1 / font.unitsPerEm;
  return (token: string) =>
    token.length > 1
      ? font.layout(token).positions.reduce((sum, position) => sum + position.xAdvance, 0) * scale
      : font.glyphForCodePoint(token.codePointAt(0)!).advanceWidth * scale;
}

/** Lines of at most `width` ems; a line breaks anywhere in Chinese text, between words in Latin text. */
function wrap(text: string, width: number, widthOf: (token: string) => number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    let used = 0;
    const tokens = paragraph.match(/[!-~]+|./gu) ?? [''];
    for (const token of tokens) {
      const w = widthOf(token);
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

interface PlacedLine {
  text: string;
  size: number;
  weight: Weight;
  /** Where the line starts, from the page's left edge. */
  x: number;
  y: number;
}

/** A horizontal rule across a table, at height `y`. */
interface Rule {
  from: number;
  to: number;
  y: number;
}

interface PlacedPage {
  lines: PlacedLine[];
  rules: Rule[];
}

/** A table's text size, the padding of its cells and the leading of their lines. */
const TABLE = { size: SIZES.small, padding: 4, leading: 1.45 };

/** The blocks set on pages: each page's lines with their baselines, and the tables' rules. */
function layOut(blocks: readonly PdfBlock[], parsed: Record<Weight, Font>): PlacedPage[] {
  const usable = PAGE.width - 2 * PAGE.margin;
  const measure = { regular: measurer(parsed.regular), bold: measurer(parsed.bold) };
  const pages: PlacedPage[] = [{ lines: [], rules: [] }];
  const page = () => pages[pages.length - 1]!;
  let y = PAGE.height - PAGE.margin;
  const bottom = PAGE.margin + 24;
  const newPage = () => {
    pages.push({ lines: [], rules: [] });
    y = PAGE.height - PAGE.margin;
  };

  /** Lays out a table's rows from `y` down; the heading row opens it and every page it runs onto. */
  const table = ({ columns, rows }: PdfTable) => {
    const { size, padding, leading } = TABLE;
    const lefts = columns.map((_, i) => PAGE.margin + columns.slice(0, i).reduce((sum, c) => sum + c.share, 0) * usable);
    const cellLines = (cells: readonly string[], weight: Weight) =>
      columns.map((column, i) => wrap(settable(cells[i] ?? '', parsed[weight]), (column.share * usable - 2 * padding) / size, measure[weight]));
    const heightOf = (lines: string[][]) => Math.max(...lines.map((cell) => cell.length)) * size * leading + 2 * padding - size * (leading - 1);
    const place = (lines: string[][], weight: Weight) => {
      lines.forEach((cell, i) =>
        cell.forEach((text, n) => {
          if (text) page().lines.push({ text, size, weight, x: lefts[i]! + padding, y: y - padding - size - n * size * leading });
        }),
      );
      y -= heightOf(lines);
      page().rules.push({ from: PAGE.margin, to: PAGE.margin + usable, y });
    };
    const heading = cellLines(columns.map((c) => c.heading), 'bold');
    const openOnPage = () => {
      page().rules.push({ from: PAGE.margin, to: PAGE.margin + usable, y });
      place(heading, 'bold');
    };
    if (y - heightOf(heading) - (rows.length ? heightOf(cellLines(rows[0]!, 'regular')) : 0) < bottom) newPage();
    openOnPage();
    for (const row of rows) {
      const lines = cellLines(row, 'regular');
      if (y - heightOf(lines) < bottom) {
        newPage();
        openOnPage();
      }
      place(lines, 'regular');
    }
    y -= SIZES.body * 0.8;
  };

  for (const block of blocks) {
    if ('table' in block) {
      table(block.table);
      continue;
    }
    const size = SIZES[block.style ?? 'body'];
    const weight: Weight = block.style === 'title' || block.style === 'heading' ? 'bold' : 'regular';
    const before = block.style === 'heading' ? size * 0.8 : 0;
    const lines = wrap(settable(block.text, parsed[weight]), usable / size, measure[weight]);
    y -= before;
    for (const line of lines) {
      if (y - size < bottom) newPage();
      y -= size;
      if (line) page().lines.push({ text: line, size, weight, x: PAGE.margin, y });
      y -= size * (LEADING - 1);
    }
    y -= size * 0.5;
  }
  return pages;
}

/**
 * Makes the document's text read back as the characters it was written with. fontkit keeps one glyph
 * object per glyph for the process, holding the characters it was first looked up for, and pdfkit's
 * ToUnicode map (what copying and `pdftotext` read) takes them from there; where characters share a
 * glyph (·, • and ・; 一 and the radical ⼀), that would be whichever some earlier document used. Here each
 * glyph maps to the first of its characters this document uses (a PDF font maps a glyph to one text), so
 * a document reads the same whatever documents came before it.
 */
function claimGlyphs(text: string, font: Font, claimed: Set<number>) {
  for (const char of text) {
    const glyph = font.glyphForCodePoint(char.codePointAt(0)!);
    if (claimed.has(glyph.id)) continue;
    claimed.add(glyph.id);
    glyph.codePoints = [char.codePointAt(0)!];
  }
}

/** A text string for the document information and the XMP metadata (which pdfkit writes without escaping). */
const infoText = (text: string) =>
  [...text]
    .map((c) => {
      const code = c.codePointAt(0)!;
      if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return ' ';
      // & < > as their full-width forms (＆ ＜ ＞), the same in both places.
      return '&<>'.includes(c) ? String.fromCodePoint(code + 0xfee0) : c;
    })
    .join('');

/**
 * Lays the blocks out on A4 pages, with the footer and page numbers on each, and writes the PDF/A-2b file.
 * The same arguments with the same date give the same bytes.
 */
export async function chinesePdf(title: string, blocks: readonly PdfBlock[], footer: string, options: PdfOptions = {}): Promise<Buffer> {
  const { PDFDocument, fonts: parsed } = await loadWriter();
  const pages = layOut(blocks, parsed);
  // Dates to the second, as the information dictionary and the metadata state them.
  const date = new Date(Math.floor((options.date ?? new Date()).getTime() / 1000) * 1000);
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: 0,
    autoFirstPage: false,
    // No default font (pdfkit's is Helvetica, a font it would not embed): every line names one of ours.
    font: null,
    pdfVersion: '1.7',
    subset: 'PDF/A-2b',
    lang: 'zh-CN',
    displayTitle: true,
    info: { Title: infoText(title), Creator: PRODUCER, Producer: PRODUCER, CreationDate: date, ModDate: date },
  });
  // pdfkit's metadata states the creation date; PDF/A wants the modification date there too.
  doc.appendXML(`<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/"><xmp:ModifyDate>${date.toISOString().slice(0, 19)}Z</xmp:ModifyDate></rdf:Description>`);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Uint8Array) => chunks.push(Buffer.from(chunk)));
  const ended = new Promise<void>((resolve, reject) => doc.on('end', resolve).on('error', reject));
  // Each weight named once per document, so that all its text shares one subset.
  doc.registerFont('regular', parsed.regular).registerFont('bold', parsed.bold);
  const claimed: Record<Weight, Set<number>> = { regular: new Set(), bold: new Set() };
  const draw = (text: string, weight: Weight, size: number, x: number, baseline: number) => {
    claimGlyphs(text, parsed[weight], claimed[weight]);
    doc.font(weight, size).text(text, x, PAGE.height - baseline, BASELINE);
  };
  pages.forEach(({ lines, rules }, index) => {
    doc.addPage();
    doc.fillColor(INK);
    for (const line of lines) draw(line.text, line.weight, line.size, line.x, line.y);
    for (const rule of rules) doc.moveTo(rule.from, PAGE.height - rule.y).lineTo(rule.to, PAGE.height - rule.y).lineWidth(0.5).strokeColor(INK).stroke();
    doc.fillColor(FOOTER_INK);
    draw(settable(`${footer}    第 ${index + 1} 页，共 ${pages.length} 页`, parsed.regular), 'regular', SIZES.small, PAGE.margin, PAGE.margin - 10);
  });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** A page's size in points, as the overlay for it is drawn. */
export interface PageSize {
  width: number;
  height: number;
}

const WATERMARK_INK = '#8c8c8c';
/** How strongly the diagonal marks show: light enough to read the page through, dark enough to read. */
const WATERMARK_OPACITY = 0.16;
const WATERMARK_SIZE = 16;

/**
 * One page of marks per page size given: `mark` repeated in diagonal rows (rising 30°) over the whole page,
 * light grey and translucent, and `note` once along the bottom edge, horizontal and small (what a reader's
 * text extraction finds first). Set in Noto Sans SC like every document; `stampPdf` lays these pages over
 * an existing PDF's. Not PDF/A: it only lends its drawing to the stamped file.
 */
export async function watermarkPages(sizes: readonly PageSize[], mark: string, note: string): Promise<Buffer> {
  const { PDFDocument, fonts: parsed } = await loadWriter();
  const doc = new PDFDocument({ autoFirstPage: false, font: null, margin: 0, pdfVersion: '1.7', info: { Producer: PRODUCER, Creator: PRODUCER } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Uint8Array) => chunks.push(Buffer.from(chunk)));
  const ended = new Promise<void>((resolve, reject) => doc.on('end', resolve).on('error', reject));
  doc.registerFont('regular', parsed.regular);
  const claimed = new Set<number>();
  const text = settable(mark, parsed.regular);
  const footnote = settable(note, parsed.regular);
  claimGlyphs(text + footnote, parsed.regular, claimed);
  const widthOf = measurer(parsed.regular);
  const markWidth = [...(text.match(/[!-~]+|./gu) ?? [])].reduce((sum, token) => sum + widthOf(token), 0) * WATERMARK_SIZE;
  for (const size of sizes) {
    doc.addPage({ size: [size.width, size.height], margin: 0 });
    doc.save();
    doc.fillColor(WATERMARK_INK).fillOpacity(WATERMARK_OPACITY).font('regular', WATERMARK_SIZE);
    doc.rotate(-30, { origin: [size.width / 2, size.height / 2] });
    const reach = Math.hypot(size.width, size.height);
    const stepX = markWidth + WATERMARK_SIZE * 4;
    const stepY = WATERMARK_SIZE * 7;
    for (let y = size.height / 2 - reach / 2, row = 0; y < size.height / 2 + reach / 2; y += stepY, row += 1) {
      for (let x = size.width / 2 - reach / 2 - (row % 2) * (stepX / 2); x < size.width / 2 + reach / 2; x += stepX) {
        doc.text(text, x, y, BASELINE);
      }
    }
    doc.restore();
    doc.fillColor(FOOTER_INK).fillOpacity(0.9).font('regular', 7);
    doc.text(footnote, 18, size.height - 10, BASELINE);
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
