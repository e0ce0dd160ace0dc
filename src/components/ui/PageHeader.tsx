import type { ReactNode } from 'react'
import * as styles from './PageHeader.css.ts'

/** The top of an inner page: optional back link or eyebrow, the page's one <h1>, a lead paragraph. */
export function PageHeader({ title, lead, eyebrow, children }: { title: ReactNode; lead?: ReactNode; eyebrow?: ReactNode; children?: ReactNode }) {
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        {eyebrow ? <div className={styles.eyebrow}>{eyebrow}</div> : null}
        <h1 className={styles.title}>{title}</h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
        {children}
      </div>
    </header>
  )
}
