import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useLanguage } from '../../../i18n/useLanguage.ts'
import { formatNumber, pick } from '../../../lib/format.ts'
import { useTRPC } from '../../../lib/trpc.ts'
import { visuallyHidden } from '../../../styles/utilities.css.ts'
import { button } from '../../ui/button.css.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import * as admin from '../admin.css.ts'
import { AdminListSection } from '../AdminSection.tsx'
import type { Column } from '../AdminTable.tsx'
import { EditCategoryDialog, type AdminCategory } from './EditCategoryDialog.tsx'
import { useAdminAction } from '../use-admin-action.ts'
import * as styles from './categories.css.ts'

type Direction = 'up' | 'down'

/**
 * The categories in the shop's order, each with its names, how many products it holds, Move up and
 * Move down, Edit and Delete. A move keeps the keyboard on the same button of the moved category (so
 * pressing again keeps moving it) and says the new position in a polite live region.
 */
export function CategoryList() {
  const { t } = useLingui()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const language = useLanguage()
  const { data: categories } = useSuspenseQuery(trpc.admin.categories.list.queryOptions())
  const move = useMutation(trpc.admin.categories.move.mutationOptions())
  const remove = useMutation(trpc.admin.categories.remove.mutationOptions())
  const { act, refresh } = useAdminAction()
  const [announcement, setAnnouncement] = useState('')
  const [refusal, setRefusal] = useState('')
  const heading = useRef<HTMLHeadingElement>(null)
  const moveButtons = useRef(new Map<string, HTMLButtonElement>())
  // The button to give the keyboard back to once the list shows the new order.
  const refocus = useRef<{ id: string; direction: Direction } | null>(null)
  const moving = useRef(false)

  // React moves a row's elements when the order changes, and a moved element loses focus; at the
  // top (or bottom) the pressed button is disabled, so the other one takes the focus.
  useEffect(() => {
    const target = refocus.current
    if (!target) return
    refocus.current = null
    const other: Direction = target.direction === 'up' ? 'down' : 'up'
    const pressed = moveButtons.current.get(`${target.id}:${target.direction}`)
    const next = pressed && !pressed.disabled ? pressed : moveButtons.current.get(`${target.id}:${other}`)
    next?.focus()
  }, [categories])

  const moveCategory = async (category: AdminCategory, direction: Direction) => {
    // A second press while the first is on its way would move it twice from a stale picture.
    if (moving.current) return
    moving.current = true
    setRefusal('')
    refocus.current = { id: category.id, direction }
    // The list is fetched again before `act` returns: the new order is there to read.
    const outcome = await act(() => move.mutateAsync({ id: category.id, direction }))
    moving.current = false
    if (!outcome.ok) {
      refocus.current = null
      return
    }
    const list = queryClient.getQueryData(trpc.admin.categories.list.queryKey()) ?? []
    const index = list.findIndex((item) => item.id === category.id)
    if (index >= 0) {
      const name = pick(language, category.nameEs, category.nameEn)
      const position = formatNumber(index + 1, language)
      const total = formatNumber(list.length, language)
      setAnnouncement(t`${name} is now in position ${position} of ${total}`)
    }
  }

  const removeCategory = async (category: AdminCategory, name: string) => {
    setRefusal('')
    // A refusal (it still holds products) is said above the list, where the admin is looking.
    const outcome = await act(() => remove.mutateAsync({ id: category.id }), {
      success: t`Category ${name} deleted`,
      onRefusal: setRefusal,
      refresh: false,
    })
    // Its row (and the Delete button that had the focus) goes with the refetch: the list's heading takes it.
    if (outcome.ok) heading.current?.focus()
    await refresh()
  }

  const moveButton = (category: AdminCategory, index: number, direction: Direction) => {
    const name = pick(language, category.nameEs, category.nameEn)
    const key = `${category.id}:${direction}`
    const last = index === categories.length - 1
    return (
      <button
        type="button"
        className={styles.move}
        ref={(element) => {
          if (element) moveButtons.current.set(key, element)
          return () => void moveButtons.current.delete(key)
        }}
        aria-label={direction === 'up' ? t`Move ${name} up` : t`Move ${name} down`}
        disabled={direction === 'up' ? index === 0 : last}
        onClick={() => void moveCategory(category, direction)}
      >
        <span aria-hidden="true">{direction === 'up' ? '↑' : '↓'}</span>
      </button>
    )
  }

  const columns: Column<AdminCategory>[] = [
    { header: t`Position`, numeric: true, className: styles.position, cell: (_, index) => formatNumber(index + 1, language) },
    { header: t`Name in Spanish`, rowHeader: true, className: styles.rowHeader, lang: 'es', cell: (category) => category.nameEs },
    { header: t`Name in English`, lang: 'en', cell: (category) => category.nameEn },
    { header: t`Products`, numeric: true, cell: (category) => formatNumber(category.productCount, language) },
    {
      header: t`Move`,
      cell: (category, index) => (
        <div className={styles.moves}>
          {moveButton(category, index, 'up')}
          {moveButton(category, index, 'down')}
        </div>
      ),
    },
    {
      header: t`Actions`,
      cell: (category) => {
        const name = pick(language, category.nameEs, category.nameEn)
        return (
          <div className={admin.actions}>
            <EditCategoryDialog category={category} name={name} />
            <ConfirmDialog
              triggerClassName={button({ tone: 'outline', size: 'sm' })}
              trigger={
                // The button's name says which category, in one piece every screen reader reads alike.
                <>
                  <span aria-hidden="true">
                    <Trans>Delete</Trans>
                  </span>
                  <span className={visuallyHidden}>{t`Delete ${name}`}</span>
                </>
              }
              title={<Trans>Delete the category {name}?</Trans>}
              description={<Trans>It disappears from the shop. Only a category without products can be deleted.</Trans>}
              cancelLabel={<Trans>Keep it</Trans>}
              confirmLabel={<Trans>Delete the category</Trans>}
              onConfirm={() => void removeCategory(category, name)}
            />
          </div>
        )
      },
    },
  ]

  const count = formatNumber(categories.length, language)
  return (
    <AdminListSection
      headingId="categories-heading"
      headingRef={heading}
      title={<Trans>Categories in the shop’s order ({count})</Trans>}
      testId="admin-categories"
      columns={columns}
      rows={categories}
      rowKey={(category) => category.id}
      empty={<Trans>No categories yet.</Trans>}
    >
      <p className={styles.refusal} role="alert" data-testid="category-refusal">
        {refusal}
      </p>
      <p className={visuallyHidden} role="status" data-testid="category-moved">
        {announcement}
      </p>
    </AdminListSection>
  )
}
