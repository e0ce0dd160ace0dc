import { Link, type LinkProps } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import * as styles from './BackLink.css.ts'

export function BackLink({ children, ...link }: LinkProps & { children: ReactNode }) {
  return (
    <Link {...link} className={styles.back}>
      <span aria-hidden="true">←</span> {children}
    </Link>
  )
}
