// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderInLanguage } from '../../../../tests/helpers/render.tsx'
import { answer, fakeTrpc, reply, withTrpc } from '../../../lib/testing.tsx'
import { EditCategoryDialog, type AdminCategory } from './EditCategoryDialog.tsx'
import { NewCategory } from './NewCategory.tsx'

afterEach(cleanup)

const taken = (path: string) =>
  reply(409, {
    error: {
      message: 'Ya hay otra categoría con este nombre',
      code: -32009,
      data: { code: 'CONFLICT', httpStatus: 409, path, zodIssues: null, field: 'nameEs' },
    },
  })

/** A tRPC client whose server records each call and answers with `refuse` (success by default). */
function renderWith(ui: React.ReactNode, refuse: (path: string, input: unknown) => Response | null = () => null) {
  const { client, calls } = fakeTrpc(
    (path, input) => refuse(path, input) ?? answer(path === 'admin.categories.create' ? { id: 'new', slug: 'x' } : { ok: true }),
  )
  renderInLanguage(withTrpc(client, ui), 'es')
  // The changes asked of the server (the refetches after them left out).
  return () => calls.filter((call) => call.path !== 'admin.categories.list')
}

const values = { nameEs: 'Cerámica', nameEn: 'Ceramic', descriptionEs: 'Paneles efecto cerámica.', descriptionEn: 'Ceramic-look panels.' }

function fill(form: HTMLElement, typed: Partial<typeof values>) {
  const labels = {
    nameEs: 'Nombre en español',
    nameEn: 'Nombre en inglés',
    descriptionEs: 'Descripción en español',
    descriptionEn: 'Descripción en inglés',
  }
  for (const [field, value] of Object.entries(typed)) {
    fireEvent.change(within(form).getByLabelText(labels[field as keyof typeof labels]), { target: { value } })
  }
}

describe('<NewCategory>', () => {
  it('explains each empty field beside it and sends nothing, then sends the four texts and empties the form', async () => {
    const calls = renderWith(<NewCategory />)
    const form = screen.getByRole('form', { name: 'Nueva categoría' })
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Añadir categoría' }))
    })
    const nameEs = within(form).getByLabelText<HTMLInputElement>('Nombre en español')
    await waitFor(() => expect(nameEs.getAttribute('aria-invalid')).toBe('true'))
    for (const label of ['Nombre en español', 'Nombre en inglés', 'Descripción en español', 'Descripción en inglés']) {
      const field = within(form).getByLabelText(label)
      const described = (field.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent)
      expect(described).toContain('Obligatorio')
    }
    expect(document.activeElement).toBe(nameEs)
    expect(calls()).toEqual([])

    fill(form, values)
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Añadir categoría' }))
    })
    await waitFor(() => expect(calls()).toEqual([{ path: 'admin.categories.create', input: values }]))
    await waitFor(() => expect(nameEs.value).toBe(''))
    expect(nameEs.getAttribute('aria-invalid')).toBeNull()
  })

  it('shows a name another category has beside the Spanish name, and keeps what was typed', async () => {
    renderWith(<NewCategory />, (path) => (path === 'admin.categories.create' ? taken(path) : null))
    const form = screen.getByRole('form', { name: 'Nueva categoría' })
    fill(form, values)
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Añadir categoría' }))
    })
    const nameEs = within(form).getByLabelText<HTMLInputElement>('Nombre en español')
    await waitFor(() => expect(nameEs.getAttribute('aria-invalid')).toBe('true'))
    const errorId = nameEs.getAttribute('aria-describedby')?.split(' ')[0] ?? ''
    expect(document.getElementById(errorId)?.textContent).toBe('Ya hay otra categoría con este nombre')
    expect(nameEs.value).toBe('Cerámica')
    expect(document.activeElement).toBe(nameEs)
  })
})

describe('<EditCategoryDialog>', () => {
  const marble: AdminCategory = {
    id: '00000000-0000-4000-8000-000000000001',
    slug: 'marmol',
    nameEs: 'Mármol',
    nameEn: 'Marble',
    descriptionEs: 'Paneles efecto mármol.',
    descriptionEn: 'Marble-look panels.',
    imageId: null,
    displayOrder: 0,
    productCount: 5,
  }

  it('edits the four texts in a dialog and saves them for the category', async () => {
    const calls = renderWith(<EditCategoryDialog category={marble} name="Mármol" />)
    fireEvent.click(screen.getByRole('button', { name: 'Editar Mármol' }))
    const dialog = await screen.findByRole('dialog', { name: 'Editar Mármol' })
    expect(within(dialog).getByLabelText<HTMLInputElement>('Nombre en inglés').value).toBe('Marble')
    fill(dialog, { nameEn: 'Marble effect' })
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }))
    })
    await waitFor(() =>
      expect(calls()).toEqual([
        {
          path: 'admin.categories.update',
          input: {
            id: marble.id,
            values: { nameEs: 'Mármol', nameEn: 'Marble effect', descriptionEs: 'Paneles efecto mármol.', descriptionEn: 'Marble-look panels.' },
          },
        },
      ]),
    )
    await waitFor(() => expect(dialog.isConnected).toBe(false))
  })
})
