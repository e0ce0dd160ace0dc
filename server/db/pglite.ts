import { PGlite, type PGliteOptions } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'

/**
 * The embedded database with the extensions the migrations create (search: docs/decisions/035):
 * PGlite builds them in but loads one only when it is named here, so every PGlite the shop or its
 * tests open (a data folder, a test snapshot, a restored backup) goes through this.
 */
export function embeddedDatabase(options: Omit<PGliteOptions, 'extensions'> = {}): PGlite {
  return new PGlite({ ...options, extensions: { unaccent, pg_trgm } })
}
