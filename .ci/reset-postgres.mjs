// Empties the CI database: drops every application schema of it (public, drizzle's migration journal
// and the per-test schemas left by an interrupted run) and recreates an empty public schema, and drops
// the per-test databases (test_*: per-file copies and templates) an interrupted run left behind.
import pg from 'pg';

const url = process.argv[2];
const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  const { rows } = await client.query(
    `select nspname from pg_namespace
      where nspname = 'public' or nspname = 'drizzle' or nspname like 'test\\_%'`,
  );
  for (const { nspname } of rows) await client.query(`DROP SCHEMA "${nspname}" CASCADE`);
  await client.query('CREATE SCHEMA public');
  console.log(`reset ${rows.length} schema(s)`);

  const { rows: databases } = await client.query(
    `select datname from pg_database where datname like 'test\\_%' and datname <> current_database()`,
  );
  let dropped = 0;
  for (const { datname } of databases) {
    try {
      // Without FORCE: a database somebody is connected to is in use, not left over.
      await client.query(`DROP DATABASE "${datname}"`);
      dropped += 1;
    } catch (error) {
      console.log(`kept database ${datname}: ${error.message}`);
    }
  }
  console.log(`dropped ${dropped} leftover test database(s)`);
} finally {
  await client.end();
}
