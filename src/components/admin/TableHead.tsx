import * as styles from './admin.css.ts'

/** A table's column headers; `numeric` columns align right like their cells. */
export function TableHead({ columns }: { columns: ReadonlyArray<string | { label: string; numeric: true }> }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => {
          const label = typeof column === 'string' ? column : column.label
          return (
            <th key={label} scope="col" className={typeof column === 'string' ? styles.th : `${styles.th} ${styles.numeric}`}>
              {label}
            </th>
          )
        })}
      </tr>
    </thead>
  )
}
