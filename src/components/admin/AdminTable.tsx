import type { ReactNode } from 'react'
import * as styles from './admin.css.ts'

type Column = string | { label: string; numeric: true }

/**
 * A dashboard table, or its empty-state text when it has no rows. Wide tables scroll sideways
 * inside their own region, which takes focus so the keyboard can scroll it.
 */
export function AdminTable(props: {
  labelledBy: string
  testId: string
  columns: readonly Column[]
  rows: number
  empty: ReactNode
  children: ReactNode
}) {
  if (props.rows === 0) return <p className={styles.empty}>{props.empty}</p>
  return (
    <div className={styles.scroller} tabIndex={0} role="region" aria-labelledby={props.labelledBy}>
      <table className={styles.table} data-testid={props.testId}>
        <thead>
          <tr>
            {props.columns.map((column) => {
              const label = typeof column === 'string' ? column : column.label
              return (
                <th key={label} scope="col" className={typeof column === 'string' ? styles.th : `${styles.th} ${styles.numeric}`}>
                  {label}
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  )
}
