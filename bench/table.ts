/** One line of the benchmark's table; `met` is null where no goal is set. */
export interface Row {
  what: string
  measured: string
  goal: string
  met: boolean | null
  /** Under what the figure was taken: the machine's load average, Lighthouse's benchmark index. */
  conditions?: string
}

/** The rows as a Markdown table (it pastes into an issue as it is). */
export function printTable(rows: readonly Row[]) {
  const cells = rows.map((row) => [row.what, row.measured, row.goal, row.met === null ? '' : row.met ? 'yes' : 'NO', row.conditions ?? ''])
  const header = ['what', 'measured', 'goal', 'met', 'conditions']
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => (line[column] ?? '').length)))
  const line = (values: string[]) => `| ${values.map((value, column) => value.padEnd(widths[column] ?? 0)).join(' | ')} |`
  console.log(line(header))
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`)
  for (const values of cells) console.log(line(values))
}
