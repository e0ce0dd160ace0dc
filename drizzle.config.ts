import { defineConfig } from 'drizzle-kit'

// Only `drizzle-kit generate` uses this: it diffs server/db/schema against migrations/.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './migrations',
  casing: 'snake_case',
})
