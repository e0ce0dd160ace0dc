/** The same server and credentials as `url`, another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

export function templateDatabaseName(url: string): string {
  const name = new URL(url).pathname.replace(/^\//, '') || 'shop_test'
  return `${name}_template`
}
