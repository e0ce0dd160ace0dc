import { openDatabaseFromEnv } from '../db/client.ts'
import { seedCatalog } from '../db/seed.ts'
import { loadEnv } from '../env.ts'

const env = loadEnv()
const database = openDatabaseFromEnv(env)
try {
  await database.migrate()
  const seeded = await seedCatalog(database.db)
  console.log(`Seed: ${seeded.categories} categories and ${seeded.products} products added (existing ones kept)`)
} finally {
  await database.close()
}
