import { openDatabase } from '../db/client.ts'
import { loadEnv } from '../env.ts'

const env = loadEnv()
const database = env.DATABASE_URL ? openDatabase({ url: env.DATABASE_URL }) : openDatabase({ dataDir: env.DATA_DIR })
try {
  await database.migrate()
  console.log(`Migrations applied (${database.kind})`)
} finally {
  await database.close()
}
