/** The parts of pdfkit 0.20 and fontkit 2 that chinese-pdf.ts uses (neither package ships its types). */

declare module 'fontkit' {
  export interface Glyph {
    id: number;
    advanceWidth: number;
    /** The characters the glyph was first looked up for (fontkit keeps one glyph object per glyph). */
    codePoints: number[];
  }
  export interface GlyphRun {
    glyphs: Glyph[];
    positions: Array<{ xAdvance: number; yAdvance: number; xOffset: number; yOffset: number }>;
  }
  export interface Font {
    postscriptName: string;
    unitsPerEm: number;
    numGlyphs: number;
    layout(text: string): GlyphRun;
    glyphForCodePoint(codePoint: number): Glyph;
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  /** Parses a font file (a collection needs the postscript name of the font wanted). */
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}

declare module 'pdfkit' {
  import type { Readable } from 'node:stream';
  import type { Font } from 'fontkit';

  export interface PDFDocumentOptions {
    size?: [number, number] | string;
    margin?: number;
    autoFirstPage?: boolean;
    /** The font before any is chosen (Helvetica unless null). */
    font?: string | null;
    pdfVersion?: '1.3' | '1.4' | '1.5' | '1.6' | '1.7' | '1.7ext3';
    /** A PDF/A or PDF/UA part: 'PDF/A-2b' adds the XMP identification and an sRGB output intent. */
    subset?: 'PDF/A-1b' | 'PDF/A-2b' | 'PDF/A-3b' | 'PDF/UA';
    lang?: string;
    displayTitle?: boolean;
    compress?: boolean;
    info?: { Title?: string; Author?: string; Subject?: string; Keywords?: string; Creator?: string; Producer?: string; CreationDate?: Date; ModDate?: Date };
  }

  export interface TextOptions {
    lineBreak?: boolean;
    baseline?: 'alphabetic' | 'top' | 'bottom' | 'middle' | number;
  }

  export class PDFDocument extends Readable {
    constructor(options?: PDFDocumentOptions);
    addPage(options?: PDFDocumentOptions): this;
    /** A font by the name it was registered under, or an already parsed fontkit font. */
    font(src: string | Font, size?: number): this;
    registerFont(name: string, src: string | Uint8Array | Font): this;
    fontSize(size: number): this;
    fillColor(color: string | [number, number, number]): this;
    fillOpacity(opacity: number): this;
    /** A path: start, line to, then stroked in the stroke colour at the line width. */
    moveTo(x: number, y: number): this;
    lineTo(x: number, y: number): this;
    lineWidth(width: number): this;
    strokeColor(color: string | [number, number, number]): this;
    stroke(): this;
    /** Keeps the graphics state (the transformation, colour, opacity) until `restore`. */
    save(): this;
    restore(): this;
    rotate(angle: number, options?: { origin?: [number, number] }): this;
    text(text: string, x?: number, y?: number, options?: TextOptions): this;
    /** Adds to the XMP metadata packet, inside its rdf:RDF. */
    appendXML(xml: string): void;
    end(): void;
  }
  export default PDFDocument;
}
