import { deflateSync } from 'node:zlib';

/**
 * The business licence image (营业执照) of a demo company: a drawn stand-in, not a photograph of a
 * real licence — the frame, the emblem, grey lines where the text would be, the QR code's place,
 * the registration authority's seal, and DEMO across it. A PNG of a few kilobytes, made here so
 * that the demo carries no image file.
 */

const WIDTH = 480;
const HEIGHT = 340;
type Rgb = readonly [number, number, number];

const PAPER: Rgb = [251, 247, 236];
const RED: Rgb = [190, 36, 36];
const PALE_RED: Rgb = [236, 190, 186];
const GREY: Rgb = [196, 192, 184];
const INK: Rgb = [92, 88, 84];

/** 5 × 7 glyphs of the letters written on the image. */
const GLYPHS: Record<string, string[]> = {
  D: ['11110', '10001', '10001', '10001', '10001', '10001', '11110'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  M: ['10001', '11011', '10101', '10101', '10001', '10001', '10001'],
  O: ['01110', '10001', '10001', '10001', '10001', '10001', '01110'],
};

class Canvas {
  readonly pixels = new Uint8Array(WIDTH * HEIGHT * 3);

  constructor(background: Rgb) {
    this.fill(0, 0, WIDTH, HEIGHT, background);
  }

  set(x: number, y: number, color: Rgb) {
    if (x < 0 || y < 0 || x >= WIDTH || y >= HEIGHT) return;
    this.pixels.set(color, (y * WIDTH + x) * 3);
  }

  fill(x: number, y: number, w: number, h: number, color: Rgb) {
    for (let j = y; j < y + h; j++) for (let i = x; i < x + w; i++) this.set(i, j, color);
  }

  frame(x: number, y: number, w: number, h: number, thickness: number, color: Rgb) {
    this.fill(x, y, w, thickness, color);
    this.fill(x, y + h - thickness, w, thickness, color);
    this.fill(x, y, thickness, h, color);
    this.fill(x + w - thickness, y, thickness, h, color);
  }

  ring(cx: number, cy: number, outer: number, inner: number, color: Rgb) {
    for (let y = cy - outer; y <= cy + outer; y++) {
      for (let x = cx - outer; x <= cx + outer; x++) {
        const d = Math.hypot(x - cx, y - cy);
        if (d <= outer && d >= inner) this.set(x, y, color);
      }
    }
  }

  text(word: string, x: number, y: number, scale: number, color: Rgb) {
    [...word].forEach((letter, k) => {
      GLYPHS[letter]!.forEach((row, j) => {
        [...row].forEach((bit, i) => {
          if (bit === '1') this.fill(x + (k * 6 + i) * scale, y + j * scale, scale, scale, color);
        });
      });
    });
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGB PNG of the canvas. */
function png(canvas: Canvas): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc(HEIGHT * (WIDTH * 3 + 1));
  for (let y = 0; y < HEIGHT; y++) rows.set(canvas.pixels.subarray(y * WIDTH * 3, (y + 1) * WIDTH * 3), y * (WIDTH * 3 + 1) + 1);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The stand-in licence, as PNG bytes. */
export function demoLicenseImage(): Buffer {
  const canvas = new Canvas(PAPER);
  canvas.frame(10, 10, WIDTH - 20, HEIGHT - 20, 4, RED);
  canvas.frame(20, 20, WIDTH - 40, HEIGHT - 40, 1, RED);
  // The emblem and the title.
  canvas.ring(WIDTH / 2, 52, 18, 14, RED);
  canvas.fill(WIDTH / 2 - 70, 80, 140, 10, RED);
  // The QR code's place and the text lines.
  canvas.frame(40, 108, 64, 64, 4, INK);
  canvas.fill(56, 124, 32, 32, INK);
  [112, 136, 160, 184, 208, 232, 256].forEach((y, i) => canvas.fill(124, y, i % 3 === 2 ? 180 : 300, 8, GREY));
  // The authority's seal, and what the image is.
  canvas.ring(380, 262, 38, 34, RED);
  canvas.fill(362, 260, 36, 6, RED);
  canvas.text('DEMO', 171, 276, 6, PALE_RED);
  return png(canvas);
}
