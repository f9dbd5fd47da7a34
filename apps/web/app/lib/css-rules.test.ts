import { describe, expect, it } from 'vitest';
import { cssRules } from './css-rules';

describe('cssRules', () => {
  it('splits a stylesheet into its top-level rules, blocks whole', () => {
    expect(cssRules('.a{color:red}\n.b { margin: 0 }')).toEqual(['.a{color:red}', '.b { margin: 0 }']);
    expect(cssRules('@layer antd, site;@media (max-width: 600px){.a{color:red}.b{color:blue}}:root{--x:1}')).toEqual([
      '@layer antd, site;',
      '@media (max-width: 600px){.a{color:red}.b{color:blue}}',
      ':root{--x:1}',
    ]);
  });

  it('does not split inside strings, escapes or comments', () => {
    expect(cssRules('.a::before{content:"}{;"}.b{content:\'\\\'}\'}')).toEqual(['.a::before{content:"}{;"}', ".b{content:'\\'}'}"]);
    expect(cssRules('/* } ; */.a{color:red/* } */}')).toEqual(['.a{color:red}']);
    expect(cssRules('.a\\{b{color:red}')).toEqual(['.a\\{b{color:red}']);
  });

  it('reads antd’s variable rules as one rule each', () => {
    const css = '.css-var-site.ant-btn{--ant-button-font-weight:400;--ant-button-default-shadow:0 2px 0 rgba(0,0,0,0.02);}';
    expect(cssRules(css)).toEqual([css]);
  });

  it('leaves nothing of empty text or stray semicolons', () => {
    expect(cssRules('')).toEqual([]);
    expect(cssRules(' ; .a{} ;')).toEqual(['.a{}']);
  });
});
