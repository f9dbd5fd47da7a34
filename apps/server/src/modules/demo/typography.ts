/**
 * The one typography rule of the generated Chinese text (docs/decisions, demo content coherence):
 * a half-width space between a Chinese character and a Latin letter or an Arabic numeral (a number's
 * %, ℃ or unit goes with it: 5% 的, 25 ℃), none around full-width punctuation and none between two
 * Chinese characters. Names that begin or end with a Latin letter or a numeral (聚维酮 K30, 维生素 E,
 * N-甲基吡咯烷酮) are put into sentences by templates, so the rule is applied to the finished text,
 * not left to each template.
 */
const HAN = String.raw`\p{Script=Han}`;
const HAN_THEN_LATIN = new RegExp(`(${HAN})([A-Za-z0-9])`, 'gu');
const LATIN_THEN_HAN = new RegExp(`([A-Za-z0-9%])(${HAN})`, 'gu');

/** `text` with the spaces the rule asks for between Chinese and Latin letters or numerals. */
export function typeset(text: string): string {
  return text.replace(HAN_THEN_LATIN, '$1 $2').replace(LATIN_THEN_HAN, '$1 $2');
}
