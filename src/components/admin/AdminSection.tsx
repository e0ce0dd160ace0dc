import type { ReactNode, Ref } from 'react'
import { sectionCard, sectionCardHeading } from '../../styles/section-card.css.ts'
import * as styles from './admin.css.ts'

/**
 * One section of an admin screen: its heading, with the section's one action beside it when it has
 * one, then its content. The heading names the section, and the list inside it
 * (`<AdminTable labelledBy={headingId}>`).
 */
export function AdminSection({
  headingId,
  title,
  action,
  headingRef,
  children,
}: {
  headingId: string
  title: ReactNode
  action?: ReactNode
  /** For a screen that gives the heading the focus (after its row went): it takes it from code, not from Tab. */
  headingRef?: Ref<HTMLHeadingElement>
  children: ReactNode
}) {
  const heading = (
    <h2 id={headingId} ref={headingRef} tabIndex={headingRef ? -1 : undefined} className={styles.heading}>
      {title}
    </h2>
  )
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      {action ? (
        <div className={styles.toolbar}>
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  )
}

/**
 * One section of an admin page as a card (an order's items, customer, payment; a product's form,
 * picture, history), named by its h2: the heading, then the content.
 */
export function AdminCard({
  headingId,
  title,
  headingRef,
  testId,
  children,
}: {
  headingId: string
  title: ReactNode
  /** For a page that gives the heading the focus (after an action): it takes it from code, not from Tab. */
  headingRef?: Ref<HTMLHeadingElement>
  testId?: string
  children: ReactNode
}) {
  return (
    <section className={sectionCard} aria-labelledby={headingId} data-testid={testId}>
      <h2 id={headingId} ref={headingRef} tabIndex={headingRef ? -1 : undefined} className={sectionCardHeading}>
        {title}
      </h2>
      {children}
    </section>
  )
}
