/** What services log through: Fastify's request logger in the server, a silent stub in tests. */
export interface AppLogger {
  info(obj: object, msg?: string): void
  warn(obj: object, msg?: string): void
  error(obj: object, msg?: string): void
}
