import { openDatabaseFromEnv } from '../db/client.ts'
import { loadEnv } from '../env.ts'

const env = loadEnv()
const database = openDatabaseFromEnv(env)
try {
  await database.migrate()
  console.log(`Migrations applied (${database.kind})`)
} finally {
  await database.close()
}
