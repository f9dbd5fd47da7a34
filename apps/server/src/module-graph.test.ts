import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { portsOf, serverModules } from './modules.js';

/*
 * The server's modules form an acyclic graph (docs/decisions/0053). The graph is computed from the
 * source: its nodes are `modules/<name>` and every other folder of src (db, http, kernel …; the files
 * directly in src are the composition root), its edges the relative imports of values between them
 * (`import type` is left out: a module may name the type of a service it is handed).
 */

const src = path.dirname(fileURLToPath(import.meta.url));

interface Import {
  from: string;
  to: string;
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Every relative import of the source files, resolved to files. */
function importsOf(files: string[]): Import[] {
  return files.flatMap((file) => {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    return source.statements.flatMap((statement): Import[] => {
      let specifier: string | undefined;
      let typeOnly = false;
      if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
        specifier = statement.moduleSpecifier.text;
        const clause = statement.importClause;
        const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
        typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!named && named.length > 0 && named.every((element) => element.isTypeOnly)));
      } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
        specifier = statement.moduleSpecifier.text;
        typeOnly = statement.isTypeOnly;
      }
      if (!specifier?.startsWith('.')) return [];
      return [{ from: file, to: path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.ts')), typeOnly }];
    });
  });
}

/** The unit a file belongs to: `modules/<name>`, another folder of src, or null for the composition root. */
function unitOf(file: string): string | null {
  const parts = path.relative(src, file).split(path.sep);
  if (parts.length === 1) return null;
  return parts[0] === 'modules' ? `modules/${parts[1]}` : parts[0]!;
}

/** The strongly connected components of more than one unit (Tarjan). */
function cycles(edges: Map<string, Set<string>>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    order.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, order.get(next)!));
    }
    if (low.get(node) === order.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!order.has(node)) visit(node);
  return found;
}

function graph(imports: Import[]): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const { from, to, typeOnly } of imports) {
    const [a, b] = [unitOf(from), unitOf(to)];
    if (typeOnly || !a || !b || a === b) continue;
    if (!edges.has(a)) edges.set(a, new Set());
    if (!edges.has(b)) edges.set(b, new Set());
    edges.get(a)!.add(b);
  }
  return edges;
}

const imports = importsOf(sourceFiles(src));

describe('the module graph', () => {
  it('has no cycle', () => {
    expect(cycles(graph(imports))).toEqual([]);
  });

  it('finds a cycle when there is one (the check can fail)', () => {
    const file = (unit: string) => path.join(src, unit, 'x.ts');
    const made = [
      { from: file('modules/order'), to: file('modules/invoice'), typeOnly: false },
      { from: file('modules/invoice'), to: file('modules/order'), typeOnly: false },
    ];
    expect(cycles(graph([...imports, ...made]))).toContainEqual(['modules/invoice', 'modules/order']);
  });

  it('keeps db, http and the kernel free of modules', () => {
    const edges = graph(imports);
    for (const unit of ['db', 'http', 'kernel', 'shared', 'logging', 'config']) {
      expect([...(edges.get(unit) ?? [])].filter((to) => to.startsWith('modules/')), unit).toEqual([]);
    }
  });

  it('lets a module reach another only through its services, never its repositories', () => {
    // (A row's type may be named: `import type { UserRow }`.)
    const reaches = imports.filter(({ from, to, typeOnly }) => {
      const [a, b] = [unitOf(from), unitOf(to)];
      return !typeOnly && a !== b && a?.startsWith('modules/') && b?.startsWith('modules/') && to.endsWith('.repository.ts');
    });
    expect(reaches.map(({ from, to }) => `${path.relative(src, from)} → ${path.relative(src, to)}`)).toEqual([]);
  });

  it('lets a repository write only its own module\'s tables (another module\'s may be joined to read)', () => {
    const writes: string[] = [];
    // The demo seeder is the one exception: it writes a new site's first content (catalogue, companies,
    // quotes, a sales order) into every module's tables at once, as a restore does (docs/decisions/0065).
    const seeder = path.join(src, 'modules', 'demo', 'demo.repository.ts');
    for (const file of sourceFiles(path.join(src, 'modules')).filter((name) => name.endsWith('.repository.ts') && name !== seeder)) {
      const text = fs.readFileSync(file, 'utf8');
      const foreign = [...text.matchAll(/import \{([^}]*)\} from '\.\.\/[\w-]+\/[\w-]+\.schema\.js'/g)].flatMap((match) =>
        match[1]!.split(',').map((name) => name.replace(/\btype\b/, '').trim()).filter(Boolean),
      );
      for (const table of foreign) {
        if (new RegExp(`\\.(insert|update|delete)\\(${table}\\b`).test(text)) writes.push(`${path.relative(src, file)} writes ${table}`);
      }
    }
    expect(writes).toEqual([]);
  });

  it('supplies every port a module needs, and refuses a list where no module supplies one', () => {
    const ports = portsOf(serverModules);
    for (const module of serverModules) for (const name of module.portsNeeded ?? []) expect(typeof ports[name], `${module.name} needs ${name}`).toBe('function');
    expect(() => portsOf(serverModules.filter((module) => module.name !== 'grant'))).toThrow('module account needs the port heldAccess');
  });

  it('lists every module folder once in src/modules.ts', () => {
    const folders = fs
      .readdirSync(path.join(src, 'modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && fs.readdirSync(path.join(src, 'modules', entry.name)).some((name) => name.endsWith('.module.ts')))
      .map((entry) => entry.name)
      .sort();
    expect(serverModules.map((module) => module.name).sort()).toEqual(folders);
  });
});
