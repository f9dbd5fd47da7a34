import { inflateSync } from 'node:zlib';

/**
 * The text a PDF of chinese-pdf.ts shows, line by line: its content streams inflated and their
 * UCS-2 hex strings decoded (what a viewer draws with the font's UniGB-UCS2-H encoding).
 */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  const source = pdf.toString('latin1');
  for (const match of source.matchAll(/<< \/Length (\d+) \/Filter \/FlateDecode >>\nstream\n/g)) {
    const start = match.index + match[0].length;
    const content = inflateSync(pdf.subarray(start, start + Number(match[1]))).toString('latin1');
    for (const hex of content.matchAll(/<([0-9a-f]+)> Tj/g)) lines.push(Buffer.from(hex[1]!, 'hex').swap16().toString('utf16le'));
  }
  return lines.join('\n');
}
