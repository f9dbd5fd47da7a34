import { create } from 'svg-captcha';
import { CAPTCHA_LENGTH } from '@fuliaotong/contracts';

/** One image captcha: the text to type and its picture. */
export interface CaptchaImage {
  text: string;
  svg: string;
}

export type CaptchaMaker = () => CaptchaImage;

/** Characters easily taken for one another (0/O/o, 1/I/l/i) are left out; answers are compared case-insensitively. */
export const makeCaptcha: CaptchaMaker = () => {
  const { text, data } = create({
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
