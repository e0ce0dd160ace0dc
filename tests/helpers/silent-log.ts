import type { AppLogger } from '../../server/trpc.ts'

export const silentLog: AppLogger = { info() {}, warn() {}, error() {} }
