import { openDatabase } from '../db/client.ts'
import { seedCatalog } from '../db/seed.ts'
import { loadEnv } from '../env.ts'

const env = loadEnv()
const database = env.DATABASE_URL ? openDatabase({ url: env.DATABASE_URL }) : openDatabase({ dataDir: env.DATA_DIR })
try {
  await database.migrate()
  const seeded = await seedCatalog(database.db)
  console.log(`Seed: ${seeded.categories} categories and ${seeded.products} products added (existing ones kept)`)
} finally {
  await database.close()
}
