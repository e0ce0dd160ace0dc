import { join } from 'node:path'
import { BackupError, backupSize } from '../db/backup.ts'
import { openDatabaseFromEnv } from '../db/client.ts'
import { DataDirInUseError } from '../db/data-dir-lock.ts'
import { loadEnv } from '../env.ts'

// `npm run db:backup [-- DIR]`: a backup of the shop's database into DIR (default DATA_DIR/backups).
// PostgreSQL: at any time (pg_dump). The embedded database: only with the shop stopped.
const env = loadEnv()
const dir = process.argv[2] ?? join(env.DATA_DIR, 'backups')
try {
  const database = openDatabaseFromEnv(env)
  try {
    const file = await database.backup(dir)
    console.log(`Backup of the ${database.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database written: ${file} (${backupSize(file)})`)
  } finally {
    await database.close()
  }
} catch (error) {
  if (!(error instanceof BackupError || error instanceof DataDirInUseError)) throw error
  console.error(error.message)
  process.exitCode = 1
}
