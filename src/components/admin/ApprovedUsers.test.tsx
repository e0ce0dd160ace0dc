// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Suspense } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderInLanguage } from '../../../tests/helpers/render.tsx'
import { toast } from '../../lib/toast.ts'
import { answer, fakeTrpc, reply, withTrpc } from '../../lib/testing.tsx'
import type { RouterOutputs } from '../../lib/trpc.ts'
import { ApprovedUsers } from './ApprovedUsers.tsx'

vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

afterEach(cleanup)
beforeEach(() => {
  vi.mocked(toast.success).mockClear()
  vi.mocked(toast.error).mockClear()
})

type ApprovedUser = RouterOutputs['admin']['approvedUsers'][number]

const customer = (userId: string, name: string, more: Partial<ApprovedUser>): ApprovedUser => ({
  userId,
  name,
  email: `${userId}@example.com`,
  phone: '600 000 000',
  phoneDisplay: '600 000 000',
  company: name,
  taxId: null,
  surcharge: false,
  surchargeEligibility: 'notAllowed',
  approvedAt: '2027-01-14T09:30:00.000Z',
  ...more,
})

const ana = customer('ana', 'Ana García', { taxId: '12345678Z', surchargeEligibility: 'person' })
const ruiz = customer('ruiz', 'Comunidad de bienes Ruiz', { taxId: 'E12345674', surcharge: true, surchargeEligibility: 'entity' })
const mar = customer('mar', 'Sociedad civil Mar', { taxId: 'J12345678', surchargeEligibility: 'civilSociety' })
const levante = customer('levante', 'Reformas Levante S.L.', { taxId: 'B12345674' })

/**
 * A tRPC "server" holding the wholesale customers: it records calls and applies or removes the
 * recargo, or refuses it with `refusal` (a CONFLICT, as the server's service does).
 */
function fakeServer(refusal?: string) {
  let users = [ana, ruiz, mar, levante]
  return fakeTrpc((path, input) => {
    if (path === 'admin.approvedUsers') return answer(users)
    if (path === 'admin.setSurcharge') {
      if (refusal) {
        return reply(409, {
          error: { message: refusal, code: -32009, data: { code: 'CONFLICT', httpStatus: 409, path, zodIssues: null, field: null } },
        })
      }
      const { userId, applies } = input as { userId: string; applies: boolean }
      users = users.map((user) => (user.userId === userId ? { ...user, surcharge: applies } : user))
      return answer({ ok: true })
    }
    return reply(404, { error: { message: 'no such procedure', code: -32004, data: { code: 'NOT_FOUND', httpStatus: 404, path } } })
  })
}

async function renderUsers(language: 'es' | 'en', refusal?: string) {
  const server = fakeServer(refusal)
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  renderInLanguage(
    withTrpc(
      server.client,
      <Suspense fallback={null}>
        <ApprovedUsers />
      </Suspense>,
      queryClient,
    ),
    language,
  )
  await screen.findByRole('table')
  return server
}

/** The cells of a column, one per customer in the table's order. */
function column(header: string) {
  const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent)
  const index = headers.indexOf(header)
  expect(index).toBeGreaterThanOrEqual(0)
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[index]!)
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) })

describe('<ApprovedUsers>', () => {
  it('shows each customer’s tax id and whether they pay the recargo de equivalencia, with the button that changes it', async () => {
    await renderUsers('es')
    expect(column('NIF').map((cell) => cell.textContent)).toEqual(['12345678Z', 'E12345674', 'J12345678', 'B12345674'])
    expect(column('Recargo de equivalencia').map((cell) => cell.textContent)).toEqual([
      'NoAplicar recargo',
      'SíQuitar recargo',
      'NoAplicar recargo',
      'No aplicable (sociedad o NIF extranjero)',
    ])
    expect(within(row('Ana García')).getByRole('button', { name: 'Aplicar recargo de equivalencia a Ana García' })).toBeTruthy()
    expect(
      within(row('Comunidad de bienes Ruiz')).getByRole('button', { name: 'Quitar recargo de equivalencia a Comunidad de bienes Ruiz' }),
    ).toBeTruthy()
    // A company: never under the recargo, so no button (Revoke is the row's only one).
    expect(
      within(row('Reformas Levante'))
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Retirar el acceso mayorista de Reformas Levante S.L.'])
  })

  it('says the same in English', async () => {
    await renderUsers('en')
    expect(column('Tax id').map((cell) => cell.textContent)).toEqual(['12345678Z', 'E12345674', 'J12345678', 'B12345674'])
    expect(column('Equivalence surcharge').map((cell) => cell.textContent)).toEqual([
      'NoApply surcharge',
      'YesRemove surcharge',
      'NoApply surcharge',
      'Not applicable (company or foreign tax id)',
    ])
    expect(screen.getByRole('button', { name: 'Apply surcharge to Ana García' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Remove surcharge from Comunidad de bienes Ruiz' })).toBeTruthy()
  })

  it('applies the recargo only after confirming, then shows the customer under it', async () => {
    const server = await renderUsers('es')
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar recargo de equivalencia a Ana García' }))
    const dialog = await screen.findByRole('alertdialog', { name: '¿Aplicar el recargo de equivalencia?' })
    expect(dialog.getAttribute('aria-describedby')).not.toBeNull()
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Ana García pagará el recargo de equivalencia sobre la base imponible de sus próximos pedidos, que verá en el carrito antes de pagar. Los pedidos ya hechos no cambian.',
    )
    expect(within(dialog).queryByTestId('civil-society-warning')).toBeNull()
    expect(server.calls.filter((call) => call.path === 'admin.setSurcharge')).toEqual([])

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Aplicar recargo' }))
    })
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(server.calls.filter((call) => call.path === 'admin.setSurcharge')).toEqual([
      { path: 'admin.setSurcharge', input: { userId: 'ana', applies: true } },
    ])
    expect(toast.success).toHaveBeenCalledWith('Recargo de equivalencia aplicado')
    // The list is fetched again and shows the change.
    await waitFor(() => expect(within(row('Ana García')).getByRole('button', { name: 'Quitar recargo de equivalencia a Ana García' })).toBeTruthy())
    expect(column('Recargo de equivalencia')[0]!.textContent).toBe('SíQuitar recargo')
    expect(server.calls.filter((call) => call.path === 'admin.approvedUsers')).toHaveLength(2)
  })

  it('sends nothing when the admin cancels', async () => {
    const server = await renderUsers('es')
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar recargo de equivalencia a Ana García' }))
    const dialog = await screen.findByRole('alertdialog', { name: '¿Aplicar el recargo de equivalencia?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(server.calls.filter((call) => call.path === 'admin.setSurcharge')).toEqual([])
  })

  it.each([
    [
      'es',
      'Aplicar recargo de equivalencia a Sociedad civil Mar',
      'Una sociedad civil (CIF con J) solo está en recargo de equivalencia si no tiene objeto mercantil: compruébelo antes de aplicarlo.',
    ],
    [
      'en',
      'Apply surcharge to Sociedad civil Mar',
      'A civil society (a CIF beginning with J) is under the equivalence surcharge only if it has no mercantile purpose: check it before applying it.',
    ],
  ] as const)('warns, before applying it to a civil society, that it must have no mercantile purpose (%s)', async (language, trigger, warning) => {
    await renderUsers(language)
    fireEvent.click(screen.getByRole('button', { name: trigger }))
    const dialog = await screen.findByRole('alertdialog')
    expect(within(dialog).getByTestId('civil-society-warning').textContent).toBe(warning)
    // Read with the dialog's description.
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)!.textContent).toContain(warning)
  })

  it('removes the recargo after confirming', async () => {
    const server = await renderUsers('es')
    fireEvent.click(screen.getByRole('button', { name: 'Quitar recargo de equivalencia a Comunidad de bienes Ruiz' }))
    const dialog = await screen.findByRole('alertdialog', { name: '¿Quitar el recargo de equivalencia?' })
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Comunidad de bienes Ruiz dejará de pagar el recargo de equivalencia en sus próximos pedidos. Los pedidos ya hechos no cambian.',
    )
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Quitar recargo' }))
    })
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(server.calls.filter((call) => call.path === 'admin.setSurcharge').map((call) => call.input)).toEqual([{ userId: 'ruiz', applies: false }])
    expect(toast.success).toHaveBeenCalledWith('Recargo de equivalencia retirado')
    await waitFor(() => expect(column('Recargo de equivalencia')[1]!.textContent).toBe('NoAplicar recargo'))
  })

  it('says the server’s refusal as the other admin actions do', async () => {
    const refusal = 'Esta cuenta no tiene acceso mayorista.'
    await renderUsers('es', refusal)
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar recargo de equivalencia a Ana García' }))
    const dialog = await screen.findByRole('alertdialog', { name: '¿Aplicar el recargo de equivalencia?' })
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Aplicar recargo' }))
    })
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(refusal))
    expect(toast.success).not.toHaveBeenCalled()
    expect(column('Recargo de equivalencia')[0]!.textContent).toBe('NoAplicar recargo')
  })
})
