// Drops every application schema of the CI database (public, drizzle's migration journal and the
// per-test schemas left by an interrupted run) and recreates an empty public schema.
import pg from 'pg';

const client = new pg.Client({ connectionString: process.argv[2] });
await client.connect();
try {
  const { rows } = await client.query(
    `select nspname from pg_namespace
      where nspname = 'public' or nspname = 'drizzle' or nspname like 'test\\_%'`,
  );
  for (const { nspname } of rows) await client.query(`DROP SCHEMA "${nspname}" CASCADE`);
  await client.query('CREATE SCHEMA public');
  console.log(`reset ${rows.length} schema(s)`);
} finally {
  await client.end();
}
