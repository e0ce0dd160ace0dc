import type { Env } from './env.ts'
import { openDatabaseFromEnv, type DatabaseHandle } from './db/client.ts'
import { catalogIsEmpty, seedCatalog } from './db/seed.ts'
import { grantAdminToEmails } from './services/admins.ts'
import { invoiceSettings, issueMissingInvoices } from './services/invoices.ts'
import { defaultTaxRateBasisPoints } from '../core/invoices.ts'

interface Logger {
  info(message: string): void
}

/**
 * Opens the database, applies migrations, seeds an empty catalog, invoices orders paid before
 * invoices existed (with the company's facts, when given: the bench gives none) and grants ADMIN_EMAILS.
 */
export async function prepareDatabase(
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR' | 'ADMIN_EMAILS'> & Partial<Pick<Env, 'company' | 'vatRateBasisPoints' | 'verifactu'>>,
  log: Logger,
): Promise<DatabaseHandle> {
  const database = openDatabaseFromEnv(env)
  // Several instances starting at once on one PostgreSQL: one migrates and seeds, the others wait, then find it done.
  await database.exclusive(async () => {
    await database.migrate()
    if (await catalogIsEmpty(database.db)) {
      const seeded = await seedCatalog(database.db)
      log.info(`Seeded the catalog: ${seeded.categories} categories, ${seeded.products} products`)
    }
    if (env.company && env.verifactu) {
      const settings = invoiceSettings({
        company: env.company,
        vatRateBasisPoints: env.vatRateBasisPoints ?? defaultTaxRateBasisPoints,
        verifactu: env.verifactu,
      })
      const invoiced = await issueMissingInvoices(database.db, settings)
      if (invoiced > 0) log.info(`Orders paid before invoicing, now invoiced: ${invoiced}`)
    }
    if (env.ADMIN_EMAILS) {
      const granted = await grantAdminToEmails(database.db, env.ADMIN_EMAILS.split(','), { verifiedOnly: true })
      for (const email of granted.missing) log.info(`ADMIN_EMAILS: no account for ${email} yet`)
      for (const email of granted.unverified) log.info(`ADMIN_EMAILS: ${email} becomes an admin once its address is verified`)
    }
  })
  return database
}
