import type { ReactNode } from 'react'

/** One term of a description list (`<dl>`) and its value: a total, a reference, a date, a product's size. */
export function Fact({
  term,
  className,
  valueClassName,
  translate,
  testId,
  children,
}: {
  term: ReactNode
  /** The row's class (the `<div>` around the pair). */
  className?: string
  valueClassName?: string
  /** "no" for a code (a reference, a tracking number) that a page translator must leave alone. */
  translate?: 'no'
  testId?: string
  children: ReactNode
}) {
  return (
    <div className={className}>
      <dt>{term}</dt>
      <dd className={valueClassName} translate={translate} data-testid={testId}>
        {children}
      </dd>
    </div>
  )
}
