import { createRequire } from 'node:module';
import type * as SvgCaptcha from 'svg-captcha';
import { CAPTCHA_LENGTH } from '@fuliaotong/contracts';

// Loaded by the first captcha: svg-captcha parses its font (opentype.js) as it loads, about 2 MB of heap
// that a process asked for no captcha never uses (docs/decisions/0077). It is CommonJS: required as it is.
let svgCaptcha: typeof SvgCaptcha | undefined;
const loadSvgCaptcha = () => (svgCaptcha ??= createRequire(import.meta.url)('svg-captcha') as typeof SvgCaptcha);

/** One image captcha: the text to type and its picture. */
export interface CaptchaImage {
  text: string;
  svg: string;
}

export type CaptchaMaker = () => CaptchaImage;

/** Characters easily taken for one another (0/O/o, 1/I/l/i) are left out; answers are compared case-insensitively. */
export const makeCaptcha: CaptchaMaker = () => {
  const { text, data } = loadSvgCaptcha().create({
    size: CAPTCHA_LENGTH,
    ignoreChars: '0oO1iIlLqg9',
    noise: 2,
    color: true,
    background: '#f4f6f9',
    width: 120,
    height: 40,
    fontSize: 44,
  });
  return { text, svg: data };
};
