import { useId, type ReactNode } from 'react'
import type { Language } from '../../../core/language.ts'
import { formatDate } from '../../lib/format.ts'
import { visuallyHidden } from '../../styles/utilities.css.ts'
import * as styles from './admin.css.ts'

/**
 * One column of an admin list, as data (after Vendure's dashboard data table): its header, what a
 * row shows in it, and how its cells sit.
 */
export interface Column<Row> {
  /** The header's text, in the admin's language; it is also the column's key. */
  header: string
  /** What a row shows in this column. */
  cell: (row: Row, index: number) => ReactNode
  /** Figures: aligned to the end, tabular, on one line (the header too). */
  numeric?: boolean
  /** The cell that names its row (`<th scope="row">`): an order's number, a product's name. */
  rowHeader?: boolean
  /** The column's texts are in one language whatever the admin's (a category's Spanish name). */
  lang?: string
  /** More classes for the column's cells. */
  className?: string
}

/** How the list is named: by a heading already on the page, or by a caption only assistive technology reads. */
type Naming = { labelledBy: string; caption?: never } | { caption: ReactNode; labelledBy?: never }

export type AdminTableProps<Row> = Naming & {
  columns: readonly Column<Row>[]
  rows: readonly Row[]
  /** Each row's stable key (its id). */
  rowKey: (row: Row, index: number) => string | number
  /** Attributes a row carries for those who look for it (`data-order-number`). */
  rowData?: (row: Row) => Record<`data-${string}`, string>
  testId: string
  /** What shows instead of the table when there is no row; without it, the empty table shows. */
  empty?: ReactNode
  /** The rows are being replaced (a new page or filter): said to assistive technology. */
  busy?: boolean
}

/** A column of moments (a message's arrival, an approval): the date and time in the admin's language, on one line. */
export function whenColumn<Row>(header: string, language: Language, when: (row: Row) => string): Column<Row> {
  return { header, className: styles.nowrap, cell: (row) => <time dateTime={when(row)}>{formatDate(when(row), language, true)}</time> }
}

const cellClass = <Row,>(column: Column<Row>) =>
  [styles.td, column.numeric && styles.numeric, column.rowHeader && styles.rowHeader, column.className].filter(Boolean).join(' ')

/**
 * Every list of /admin: a table made from its column definitions, one row per item, or its empty
 * state when there is none. Wide, it scrolls sideways inside its own region, named like the table,
 * which takes focus so the keyboard can scroll it.
 */
export function AdminTable<Row>({ columns, rows, rowKey, rowData, testId, empty, busy, ...naming }: AdminTableProps<Row>) {
  const captionId = useId()
  if (rows.length === 0 && empty !== undefined) return <p className={styles.empty}>{empty}</p>
  const labelledBy = naming.labelledBy ?? captionId
  return (
    <div className={styles.scroller} tabIndex={0} role="region" aria-labelledby={labelledBy} aria-busy={busy}>
      <table className={styles.table} data-testid={testId}>
        {naming.labelledBy === undefined ? (
          <caption id={captionId} className={visuallyHidden}>
            {naming.caption}
          </caption>
        ) : null}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.numeric ? `${styles.th} ${styles.numeric}` : styles.th}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)} {...rowData?.(row)}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.header} scope="row" className={cellClass(column)} lang={column.lang}>
                    {column.cell(row, index)}
                  </th>
                ) : (
                  <td key={column.header} className={cellClass(column)} lang={column.lang}>
                    {column.cell(row, index)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
