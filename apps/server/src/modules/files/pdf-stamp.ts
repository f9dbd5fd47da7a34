import { watermarkPages } from './chinese-pdf.js';

/**
 * Stamps an existing PDF (an uploaded document, a generated letter): every page gets the marks of
 * `watermarkPages` laid over it, drawn by pdfkit in the embedded Noto Sans SC subset and carried onto the
 * pages by pdf-lib 1.17.1 as one form XObject per page. pdf-lib only copies and places the drawing; it
 * embeds no font of its own (its fontkit fork's TrueType subsets of Noto Sans SC draw blank, decision
 * 0066). The result is a new file: a signature over the original no longer verifies on it.
 */
export async function stampPdf(original: Uint8Array, mark: string, note: string): Promise<Buffer> {
  const { PDFDocument } = await import('pdf-lib');
  const target = await PDFDocument.load(original, { updateMetadata: false });
  const pages = target.getPages();
  const boxes = pages.map((page) => page.getMediaBox());
  const overlay = await watermarkPages(
    boxes.map((box) => ({ width: box.width, height: box.height })),
    mark,
    note,
  );
  const embedded = await target.embedPdf(overlay, pages.map((_, index) => index));
  pages.forEach((page, index) => {
    const box = boxes[index]!;
    page.drawPage(embedded[index]!, { x: box.x, y: box.y, width: box.width, height: box.height });
  });
  return Buffer.from(await target.save({ useObjectStreams: false }));
}
