import { openDatabaseFromEnv } from '../db/client.ts'
import { DataDirInUseError } from '../db/data-dir-lock.ts'
import { loadEnv } from '../env.ts'
import { grantAdminToEmails } from '../services/admins.ts'

// `npm run admin -- grant someone@example.com [other@example.com …]`: gives existing accounts the
// admin role (the first admin of a new shop). On the embedded database, with the shop stopped.
const [command, ...emails] = process.argv.slice(2)
if (command !== 'grant' || emails.length === 0) {
  console.error('Usage: npm run admin -- grant <email> [<email> …]')
  process.exit(2)
}

const env = loadEnv()
let database
try {
  database = openDatabaseFromEnv(env)
} catch (error) {
  if (!(error instanceof DataDirInUseError)) throw error
  console.error(`${error.message} Or set ADMIN_EMAILS to grant admins when the shop starts.`)
  process.exit(1)
}
try {
  await database.migrate()
  const result = await grantAdminToEmails(database.db, emails)
  for (const email of result.granted) console.log(`admin role granted to ${email}`)
  for (const email of result.missing) console.error(`no account with email ${email}: sign up first, then run this again`)
  process.exitCode = result.missing.length > 0 ? 1 : 0
} finally {
  await database.close()
}
