// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Suspense } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderInLanguage } from '../../../../tests/helpers/render.tsx'
import { answer, fakeTrpc, reply, withTrpc } from '../../../lib/testing.tsx'
import type { RouterOutputs } from '../../../lib/trpc.ts'
import { CategoryList } from './CategoryList.tsx'

afterEach(cleanup)

type Category = RouterOutputs['admin']['categories']['list'][number]

const category = (id: string, nameEs: string, nameEn: string, productCount: number): Category => ({
  id,
  slug: nameEs.toLowerCase(),
  nameEs,
  nameEn,
  descriptionEs: `Paneles de ${nameEs}`,
  descriptionEn: `${nameEn} panels`,
  imageId: null,
  displayOrder: 0,
  productCount,
})

const ids = {
  marble: '00000000-0000-4000-8000-000000000001',
  wood: '00000000-0000-4000-8000-000000000002',
  stone: '00000000-0000-4000-8000-000000000003',
}

/** A tRPC "server" holding the categories in order: it records calls and moves, and refuses to delete a category with products. */
function fakeServer(initial: Category[]) {
  let list = [...initial]
  return fakeTrpc((path, input) => {
    if (path === 'admin.categories.list') return answer(list.map((c, i) => ({ ...c, displayOrder: i })))
    const { id, direction } = input as { id: string; direction?: 'up' | 'down' }
    const from = list.findIndex((c) => c.id === id)
    if (path === 'admin.categories.move') {
      const to = direction === 'up' ? from - 1 : from + 1
      if (to >= 0 && to < list.length) [list[from], list[to]] = [list[to]!, list[from]!]
      return answer({ ok: true })
    }
    if (path === 'admin.categories.remove') {
      const held = list[from]?.productCount ?? 0
      if (held > 0) {
        const message = `Esta categoría aún tiene ${held} productos (incluidos los archivados). Muévalos antes a otra categoría.`
        return reply(409, { error: { message, code: -32009, data: { code: 'CONFLICT', httpStatus: 409, path, zodIssues: null, field: null } } })
      }
      list = list.filter((c) => c.id !== id)
      return answer({ ok: true })
    }
    return reply(404, { error: { message: 'no such procedure', code: -32004, data: { code: 'NOT_FOUND', httpStatus: 404, path } } })
  })
}

async function renderList(language: 'es' | 'en' = 'es') {
  const server = fakeServer([
    category(ids.marble, 'Mármol', 'Marble', 5),
    category(ids.wood, 'Madera', 'Wood', 4),
    category(ids.stone, 'Piedra', 'Stone', 0),
  ])
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  renderInLanguage(
    withTrpc(
      server.client,
      <Suspense fallback={null}>
        <CategoryList />
      </Suspense>,
      queryClient,
    ),
    language,
  )
  await screen.findByRole('table')
  return server
}

const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByRole('rowheader').textContent)

describe('<CategoryList>', () => {
  it('lists the categories in the shop’s order with both names and their products', async () => {
    await renderList('en')
    expect(rowNames()).toEqual(['Mármol', 'Madera', 'Piedra'])
    const marble = screen.getAllByRole('row')[1]!
    expect(
      within(marble)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(['1', 'Marble', '5']))
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move Marble up' }).disabled).toBe(true)
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move Stone down' }).disabled).toBe(true)
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move Wood up' }).disabled).toBe(false)
    expect(screen.getByRole('button', { name: 'Edit Wood' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Delete Wood' })).toBeTruthy()
  })

  it('moves a category, keeps the keyboard on the same button, and says its new position', async () => {
    const server = await renderList('es')
    const up = screen.getByRole<HTMLButtonElement>('button', { name: 'Subir Piedra' })
    up.focus()
    await act(async () => {
      fireEvent.click(up)
    })
    await waitFor(() => expect(rowNames()).toEqual(['Mármol', 'Piedra', 'Madera']))
    expect(server.calls.filter((c) => c.path === 'admin.categories.move')).toEqual([
      { path: 'admin.categories.move', input: { id: ids.stone, direction: 'up' } },
    ])
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Subir Piedra' })))
    expect(screen.getByTestId('category-moved').textContent).toBe('Piedra ocupa ahora la posición 2 de 3')

    // Once first, Move up is disabled: the keyboard goes to Move down of the same category.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Subir Piedra' }))
    })
    await waitFor(() => expect(rowNames()).toEqual(['Piedra', 'Mármol', 'Madera']))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Bajar Piedra' })))
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Subir Piedra' }).disabled).toBe(true)
    expect(screen.getByTestId('category-moved').textContent).toBe('Piedra ocupa ahora la posición 1 de 3')
  })

  it('asks before deleting, and shows the server’s refusal of a category that still holds products', async () => {
    const server = await renderList('es')
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar Mármol' }))
    const dialog = await screen.findByRole('alertdialog', { name: '¿Eliminar la categoría Mármol?' })
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar la categoría' }))
    })
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Esta categoría aún tiene 5 productos'))
    expect(rowNames()).toEqual(['Mármol', 'Madera', 'Piedra'])

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar Piedra' }))
    const again = await screen.findByRole('alertdialog', { name: '¿Eliminar la categoría Piedra?' })
    await act(async () => {
      fireEvent.click(within(again).getByRole('button', { name: 'Eliminar la categoría' }))
    })
    await waitFor(() => expect(rowNames()).toEqual(['Mármol', 'Madera']))
    expect(screen.getByRole('alert').textContent).toBe('')
    expect(server.calls.filter((c) => c.path === 'admin.categories.remove').map((c) => c.input)).toEqual([{ id: ids.marble }, { id: ids.stone }])
  })
})
