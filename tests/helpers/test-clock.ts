/** A clock a test moves by hand (retries and leases without waiting), and a log that keeps its lines. */
export function testClock() {
  let now = new Date()
  return {
    now: () => now,
    advance: (ms: number) => (now = new Date(now.getTime() + ms)),
    set: (date: Date) => (now = date),
  }
}

export function recordingLog() {
  const lines: Array<{ level: 'info' | 'warn' | 'error'; obj: object; msg: string | undefined }> = []
  return {
    lines,
    info: (obj: object, msg?: string) => void lines.push({ level: 'info', obj, msg }),
    warn: (obj: object, msg?: string) => void lines.push({ level: 'warn', obj, msg }),
    error: (obj: object, msg?: string) => void lines.push({ level: 'error', obj, msg }),
  }
}
