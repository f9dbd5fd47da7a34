import { createHash } from 'node:crypto';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { hashedPage } from './hashed-page.js';

const sha = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
const inlineScripts = (html: string) => [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => ({ attributes: m[1]!, text: m[2]! }));

describe('hashedPage', () => {
  it('names the hash of every inline script and style element, not of scripts with a source', () => {
    const html =
      '<html><head><style>.a{color:red}</style><script src="/assets/a.js"></script></head>' +
      '<body><p>正文</p><script>window.__ctx = {"名称":"乳糖"};</script><script>window.__ctx.done();</script></body></html>';
    const page = hashedPage(html);
    expect(page.html).toBe(html);
    expect(page.scripts).toEqual([sha('window.__ctx = {"名称":"乳糖"};'), sha('window.__ctx.done();')]);
    expect(page.styles).toEqual([sha('.a{color:red}')]);
  });

  it('turns an inline module script into a classic script, let in by its hash, that adds the same module script', () => {
    const module = 'import * as route0 from "/assets/root.js";\nwindow.m = "<b>" + "<!--";\nimport("/assets/entry.client.js");';
    const page = hashedPage(`<body><script type="module" async="">${module}</script></body>`);
    const [loader] = inlineScripts(page.html);
    expect(loader!.attributes).toBe('');
    expect(page.scripts).toEqual([sha(loader!.text)]);
    // Nothing in the code can end the element early.
    expect(loader!.text).not.toMatch(/<\/script|<!--/i);

    // Run in a stand-in document: it inserts, after itself, an async module script with the code as it was.
    const inserted: Array<Record<string, unknown>> = [];
    const document = {
      createElement: (tag: string) => ({ tag }),
      currentScript: { after: (element: Record<string, unknown>) => inserted.push(element) },
    };
    vm.runInNewContext(loader!.text, { document });
    expect(inserted).toEqual([{ tag: 'script', type: 'module', async: true, textContent: module }]);
  });

  it('gives the same page the same hashes every time', () => {
    const html = '<script>a()</script><script type="module">import "/x.js";</script>';
    expect(hashedPage(html)).toEqual(hashedPage(html));
  });
});
