import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { describe, expect, test } from 'vitest';
import { decodeEntities, parseRichText, RichText, safeHref } from './rich-text';

const html = (source: string) =>
  renderToStaticMarkup(createElement(RichText, { html: source })).replace(/^<div class="rich-text">|<\/div>$/g, '');

describe('rich text', () => {
  test('keeps the allowed structure of sanitised article HTML', () => {
    const source =
      '<h3>主要变化</h3><p>自<strong>2019</strong>年起&nbsp;实施 &amp; 执行</p><ol><li>一</li><li>二</li></ol>' +
      '<p>原文见<a href="https://www.nmpa.gov.cn/" rel="noopener noreferrer">国家药监局</a>。</p>';
    expect(html(source)).toBe(
      '<h2>主要变化</h2><p>自<strong>2019</strong>年起\u00a0实施 &amp; 执行</p><ol><li>一</li><li>二</li></ol>' +
        '<p>原文见<a href="https://www.nmpa.gov.cn/" target="_blank" rel="noopener noreferrer nofollow">国家药监局</a>。</p>',
    );
  });

  test('moves headings up so that the article’s highest is an h2 under the page’s h1, keeping their order', () => {
    expect(html('<h3>一</h3><p>甲</p><h4>二</h4>')).toBe('<h2>一</h2><p>甲</p><h3>二</h3>');
    expect(html('<h2>一</h2><h4>二</h4>')).toBe('<h2>一</h2><h4>二</h4>');
    expect(html('<p>无标题</p>')).toBe('<p>无标题</p>');
  });

  test('drops what is not on its own list, whatever the server let through', () => {
    expect(html('<p onclick="x()" style="color:red">文<script>alert(1)</script>字</p>')).toBe('<p>文字</p>');
    expect(html('<p><img src=x onerror=alert(1)>图<iframe src="https://evil">内容</iframe></p>')).toBe('<p>图</p>');
    expect(html('<div><span class="x">保留文字</span></div>')).toBe('保留文字');
    expect(html('<a href="javascript:alert(1)">链接</a><a href="//evil.example/">二</a><a href="data:text/html,x">三</a>')).toBe(
      '<a>链接</a><a>二</a><a>三</a>',
    );
    expect(html('<a href="/excipientsdetail?id=1">站内</a>')).toBe('<a href="/excipientsdetail?id=1">站内</a>');
    expect(html('<!-- 注释 --><p>正文</p><style>p{}</style>')).toBe('<p>正文</p>');
  });

  test('shows images uploaded to this site only, lazily, with their description', () => {
    expect(html('<p>图 1</p><img src="/api/app/article/image/0f8e-1a.png" alt="片剂" />')).toBe(
      '<p>图 1</p><img src="/api/app/article/image/0f8e-1a.png" alt="片剂" loading="lazy" decoding="async"/>',
    );
    expect(html('<img src="https://mmbiz.qpic.cn/a.jpg"><img src="/api/app/article/image/../x.png"><p>正文</p>')).toBe('<p>正文</p>');
  });

  test('text that only looks like markup stays text', () => {
    expect(html('<p>1 < 2 &lt;b&gt;不是标签&lt;/b&gt;</p>')).toBe('<p>1 &lt; 2 &lt;b&gt;不是标签&lt;/b&gt;</p>');
    expect(html('<p>未闭合 <strong>加粗')).toBe('<p>未闭合 <strong>加粗</strong></p>');
    expect(html('多余的</em>闭合')).toBe('多余的闭合');
  });

  test('normalises what a browser would restructure (so the server markup hydrates as is)', () => {
    // A table sits in a named frame that scrolls sideways on phones.
    expect(html('<table>\n<tr><td colspan="2" width="9">甲</td></tr>\n</table>')).toBe(
      '<div class="rich-text__table" role="region" aria-label="表格（可左右滚动）" tabindex="0">' +
        '<table><tbody><tr><td colSpan="2">甲</td></tr></tbody></table></div>',
    );
    expect(html('<p>段落<ul><li>一<li>二</ul>')).toBe('<p>段落</p><ul><li>一</li><li>二</li></ul>');
    expect(html('<ul>\n  <li>一</li>\n</ul>')).toBe('<ul><li>一</li></ul>');
  });

  test('entities and link addresses', () => {
    expect(decodeEntities('&#x4E73;&#31958; &quot;&apos;&#39; &unknown; &#0;')).toBe("乳糖 \"'' &unknown; \ufffd");
    expect(safeHref(' https://www.cde.org.cn ')).toBe('https://www.cde.org.cn');
    expect(safeHref('/\\evil.example')).toBeNull();
    expect(safeHref('mailto:a@b.c')).toBeNull();
    expect(parseRichText('')).toEqual([]);
  });
});
