import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text.js';

describe('sanitizeRichText', () => {
  it('keeps the allowed structure', () => {
    const html =
      '<h2>一、总则</h2><p>第一条 <strong>为</strong>规范<em>药用辅料</em>。</p><ol><li>甲</li></ol><ul><li>乙</li></ul>' +
      '<table><thead><tr><th colspan="2">项目</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table><h3>小节</h3><h4>细目</h4>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('drops scripts, styles, event handlers and unknown tags', () => {
    const out = sanitizeRichText(
      '<p onclick="alert(1)" style="color:red">正文<script>alert(1)</script></p><style>p{}</style><img src=x onerror=alert(1)><iframe src="//evil"></iframe><h1>标题</h1>',
    );
    expect(out).toBe('<p>正文</p>标题');
    expect(out).not.toMatch(/script|onclick|onerror|style|img|iframe/i);
  });

  it('keeps http(s) and relative links with rel=noopener and drops other schemes', () => {
    expect(sanitizeRichText('<a href="https://www.nmpa.gov.cn/" target="_blank">国家药监局</a>')).toBe(
      '<a href="https://www.nmpa.gov.cn/" rel="noopener noreferrer">国家药监局</a>',
    );
    expect(sanitizeRichText('<a href="/regulations?id=3" rel="opener">本站</a>')).toBe(
      '<a href="/regulations?id=3" rel="noopener noreferrer">本站</a>',
    );
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,<b>x</b>', '//evil.example/x', 'vbscript:x']) {
      const out = sanitizeRichText(`<a href="${href}">链接</a>`);
      expect(out).not.toContain('href');
    }
  });
});
