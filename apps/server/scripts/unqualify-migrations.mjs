// drizzle-kit writes `"public".` before enum types and foreign-key targets. The migrations must run
// in whatever schema the connection's search_path names (API tests on PostgreSQL use one schema per
// test file), so the qualifier is removed from every migration file.
import fs from 'node:fs';

const folder = new URL('../drizzle/', import.meta.url);
for (const name of fs.readdirSync(folder).filter((n) => n.endsWith('.sql'))) {
  const file = new URL(name, folder);
  const sql = fs.readFileSync(file, 'utf8');
  const unqualified = sql.replaceAll('"public".', '');
  if (unqualified !== sql) {
    fs.writeFileSync(file, unqualified);
    console.log(`unqualified ${name}`);
  }
}
