import { describe, expect, it } from 'vitest';
import { cleanRichText, sanitizeRichText } from './rich-text.js';

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
    expect(out).toBe('<p>正文</p><h2>标题</h2>');
    expect(out).not.toMatch(/script|onclick|onerror|style|img|iframe/i);
  });

  it('keeps http(s) and relative links (the page adds rel and target) and drops other schemes', () => {
    expect(sanitizeRichText('<a href="https://www.nmpa.gov.cn/" target="_blank">国家药监局</a>')).toBe(
      '<a href="https://www.nmpa.gov.cn/">国家药监局</a>',
    );
    expect(sanitizeRichText('<a href="/regulations?id=3" rel="opener">本站</a>')).toBe('<a href="/regulations?id=3">本站</a>');
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,<b>x</b>', '//evil.example/x', 'vbscript:x']) {
      const out = sanitizeRichText(`<a href="${href}">链接</a>`);
      expect(out).not.toContain('href');
    }
  });

  it('keeps images uploaded to this site and names the ones from elsewhere, which it drops', () => {
    const local = '<img src="/api/app/article/image/0f8e-1a.png" alt="片剂照片" />';
    expect(cleanRichText(`<p>图：</p>${local}`)).toEqual({ html: `<p>图：</p>${local}`, foreignImages: [] });
    const pasted = cleanRichText(
      '<p>来自别处</p><img src="https://mmbiz.qpic.cn/abc.jpg"><img src="//cdn.example/x.png"><img src="/api/app/article/image/../../x.png"><img src="data:image/png;base64,AAAA">',
    );
    expect(pasted.html).toBe('<p>来自别处</p>');
    expect(pasted.foreignImages).toEqual([
      'https://mmbiz.qpic.cn/abc.jpg',
      '//cdn.example/x.png',
      '/api/app/article/image/../../x.png',
      'data:image/png;base64,AAAA',
    ]);
  });

  it("keeps the editor's tables, without their layout: cells keep a span other than 1", () => {
    const editor =
      '<table style="min-width: 50px"><colgroup><col style="min-width: 25px"><col></colgroup><tbody>' +
      '<tr><th colspan="1" rowspan="1"><p>型号</p></th><th colspan="2" rowspan="1"><p>粒径</p></th></tr>' +
      '<tr><td colspan="1" rowspan="1" class="selectedCell"><p>PH101</p></td><td colspan="x">50</td></tr></tbody></table>';
    expect(sanitizeRichText(editor)).toBe(
      '<table><tbody><tr><th><p>型号</p></th><th colspan="2"><p>粒径</p></th></tr><tr><td><p>PH101</p></td><td>50</td></tr></tbody></table>',
    );
  });
});
