import { basename } from 'node:path'
import { BackupError, restorePglite, restorePostgres } from '../db/backup.ts'
import { openDatabaseFromEnv } from '../db/client.ts'
import { DataDirInUseError } from '../db/data-dir-lock.ts'
import { loadEnv } from '../env.ts'
import { haltInvoicing } from '../services/verifactu/halt.ts'
import { verifactuServices } from '../../core/verifactu.ts'

// `npm run db:restore -- FILE`: loads a backup made by `npm run db:backup` (or by the running shop)
// into an empty database: DATABASE_URL's, or a DATA_DIR that holds no embedded database yet (with
// the shop stopped). It never overwrites a database. Invoices issued after the backup may exist
// (numbered, sent to the AEAT, in customers' hands), so invoicing stays stopped until an admin
// checks and resumes it on /admin/verifactu (docs/decisions/030).
const file = process.argv[2]
if (!file) {
  console.error('Usage: npm run db:restore -- <backup file>')
  process.exit(2)
}
const env = loadEnv()
try {
  if (env.DATABASE_URL) await restorePostgres(env.DATABASE_URL, file)
  else await restorePglite(env.DATA_DIR, file)
  console.log(`Restored ${file} into the ${env.DATABASE_URL ? 'PostgreSQL' : `embedded database in ${env.DATA_DIR}`}`)
} catch (error) {
  if (!(error instanceof BackupError || error instanceof DataDirInUseError)) throw error
  console.error(error.message)
  process.exit(1)
}
const database = openDatabaseFromEnv(env)
try {
  // A backup from an older version first gets the tables the halt lives in.
  await database.migrate()
  await haltInvoicing(database.db, verifactuServices, { reason: 'restore', detail: basename(file) }, new Date())
  console.log('Invoicing stays stopped until an admin checks and resumes it at /admin/verifactu')
} finally {
  await database.close()
}
