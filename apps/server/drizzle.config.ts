import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each module defines its tables in modules/<module>/*.schema.ts.
  schema: './src/modules/**/*.schema.ts',
  out: './drizzle',
});
