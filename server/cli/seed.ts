import { openDatabaseFromEnv } from '../db/client.ts'
import { seedCatalog, seedDeliveryRates } from '../db/seed.ts'
import { loadEnv } from '../env.ts'

const env = loadEnv()
const database = openDatabaseFromEnv(env)
try {
  await database.migrate()
  const seeded = await seedCatalog(database.db)
  console.log(`Seed: ${seeded.categories} categories and ${seeded.products} products added (existing ones kept)`)
  // `--delivery-rates`: example delivery prices for a shop whose owner has set none (docs/product.md#delivery).
  if (process.argv.includes('--delivery-rates')) {
    console.log((await seedDeliveryRates(database.db)) ? 'Seed: example delivery rates saved' : 'Seed: delivery rates already set (kept)')
  }
} finally {
  await database.close()
}
