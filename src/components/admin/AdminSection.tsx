import type { ReactNode, Ref } from 'react'
import { BackLink } from '../ui/BackLink.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { sectionCard, sectionCardHeading } from '../../styles/section-card.css.ts'
import * as styles from './admin.css.ts'
import { AdminTable, type AdminTableProps } from './AdminTable.tsx'

interface AdminSectionProps {
  headingId: string
  title: ReactNode
  action?: ReactNode
  /** For a screen that gives the heading the focus (after its row went): it takes it from code, not from Tab. */
  headingRef?: Ref<HTMLHeadingElement>
}

/**
 * One section of an admin screen: its heading, with the section's one action beside it when it has
 * one, then its content. The heading names the section, and the list inside it (AdminListSection).
 */
export function AdminSection({ headingId, title, action, headingRef, children }: AdminSectionProps & { children: ReactNode }) {
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
 * A section that is one list (the wholesale customers, the messages, the categories): the heading
 * names the table, so its id is written once. `children` stand between the heading and the table
 * (a note, a refusal), `after` below it (the pager).
 */
export function AdminListSection<Row>({
  headingId,
  title,
  action,
  headingRef,
  children,
  after,
  ...table
}: AdminSectionProps & { children?: ReactNode; after?: ReactNode } & Omit<AdminTableProps<Row>, 'labelledBy' | 'caption'>) {
  return (
    <AdminSection headingId={headingId} title={title} action={action} headingRef={headingRef}>
      {children}
      <AdminTable labelledBy={headingId} {...table} />
      {after}
    </AdminSection>
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

/** The page of one item of an admin list (an order, a product): the way back to the list over its title. */
export function AdminPageHeader({
  back,
  backLabel,
  title,
  lead,
  children,
}: {
  back: '/admin/orders' | '/admin/products'
  backLabel: ReactNode
  title: ReactNode
  lead?: ReactNode
  children?: ReactNode
}) {
  return (
    <PageHeader eyebrow={<BackLink to={back}>{backLabel}</BackLink>} title={title} lead={lead}>
      {children}
    </PageHeader>
  )
}
