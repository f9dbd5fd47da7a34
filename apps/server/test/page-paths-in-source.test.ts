import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { paths } from '@fuliaotong/contracts';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The server links to the site's pages (notices, e-mails, SMS, payment return addresses, the sitemap)
 * only through the contracts' table of pages (`paths`, `withQuery`): no page path is written out in
 * its source, so that a page's path lives in one place.
 */

const sourceDir = fileURLToPath(new URL('../src', import.meta.url));

/** Paths under the site's origin that the server answers itself: not pages of the web app. */
const SERVER_OWNED = ['/api/', '/sitemap.xml', '/sandbox-pay/'];

/** Every page path but the root ('/', which every path starts with). */
const pagePaths = Object.values(paths).filter((p) => p !== '/');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A page path in a piece of text: not inside a longer path (`/api/app/account/…`), and ending where the path ends. */
const pagePathInText = new RegExp(`(?<![\\w/.-])(${pagePaths.map(escape).join('|')})(?=$|[?#"'\\s<>])`);

interface Finding {
  file: string;
  line: number;
  text: string;
  why: string;
}

/** Page paths in the string and template literals of one source text (comments are not looked at). */
function findPagePaths(file: string, source: string): Finding[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const findings: Finding[] = [];
  const report = (node: ts.Node, text: string, why: string) =>
    findings.push({ file, line: sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1, text, why });
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      const match = pagePathInText.exec(node.text);
      if (match) report(node, node.text, `names the page ${match[1]}: use paths / withQuery from @fuliaotong/contracts`);
    }
    // `${siteUrl}/…`: an address on the site written out, which is a page unless the server answers it.
    if (ts.isTemplateSpan(node) && /siteUrl$/i.test(node.expression.getText(sourceFile))) {
      const after = node.literal.text;
      if (after.startsWith('/') && !SERVER_OWNED.some((owned) => after.startsWith(owned))) {
        report(node, `\${${node.expression.getText(sourceFile)}}${after}`, 'writes out an address on the site: use paths / withQuery from @fuliaotong/contracts');
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return findings;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('page paths in the server source', () => {
  it('finds them where they are written out', () => {
    const found = (source: string) => findPagePaths('example.ts', source).map((f) => f.text);
    expect(found("const link = '/account/databaseorder';")).toEqual(['/account/databaseorder']);
    expect(found('const link = `/admin/orders?id=${id}`;')).toEqual(['/admin/orders?id=']);
    expect(found('const url = `${this.deps.siteUrl}/account/payment?order=${id}`;')).toHaveLength(2);
    expect(found('const url = `${siteUrl}/somewhere-new`;')).toEqual(['${siteUrl}/somewhere-new']);
    expect(found(`const html = '<a href="/privacy">《隐私政策》</a>';`)).toHaveLength(1);
    expect(found("const call = '/api/app/account/profile';")).toEqual([]);
    expect(found('const url = `${siteUrl}/api/app/payment/notify/wechat`;')).toEqual([]);
    expect(found('// the account page (/account) in a comment\nconst x = 1;')).toEqual([]);
  });

  it('are not written out anywhere in apps/server/src: links come from the table of pages', () => {
    const findings = sourceFiles(sourceDir).flatMap((file) =>
      findPagePaths(path.relative(sourceDir, file), fs.readFileSync(file, 'utf8')).map((f) => `${f.file}:${f.line} ${JSON.stringify(f.text)} ${f.why}`),
    );
    expect(findings).toEqual([]);
  });
});
