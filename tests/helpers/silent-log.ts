import type { AppLogger } from '../../server/logger.ts'

export const silentLog: AppLogger = { info() {}, warn() {}, error() {} }
