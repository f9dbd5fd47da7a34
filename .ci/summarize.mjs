// Sums Vitest JSON reports (one file per `vitest run`) and prints "N passed, N failed".
// Usage: node summarize.mjs <report-dir> [extra-failures]
import fs from 'node:fs';
import path from 'node:path';

const [dir, extra = '0'] = process.argv.slice(2);
let passed = 0;
let failed = Number(extra);
const failures = [];

/** The start of a failed test's first message (its error), indented: enough to tell why. */
const firstLines = (messages = []) =>
  String(messages[0] ?? '')
    // eslint-disable-next-line no-control-regex -- the terminal colour codes in Vitest's messages
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, 6)
    .join('\n    ')
    .slice(0, 1200);

const walk = (folder) =>
  fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? walk(full) : entry.name.endsWith('.json') ? [full] : [];
  });

for (const file of walk(dir)) {
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  // A file that failed to load (syntax error, failing hook) has no failed test but did fail.
  for (const suite of report.testResults ?? []) {
    const where = path.relative(process.cwd(), suite.name ?? '?');
    for (const a of suite.assertionResults ?? []) {
      if (a.status === 'failed') failures.push(`${where} > ${a.fullName ?? a.title}\n    ${firstLines(a.failureMessages)}`);
    }
    if (suite.status === 'failed' && (suite.assertionResults ?? []).every((a) => a.status !== 'failed')) {
      failed += 1;
      failures.push(`${where} (did not run: ${String(suite.message ?? '').split('\n')[0]})`);
    }
  }
}
// The failed tests' names go to stderr, before the one summary line on stdout.
for (const f of failures) console.error(`failed: ${f}`);
console.log(`${passed} passed, ${failed} failed`);
