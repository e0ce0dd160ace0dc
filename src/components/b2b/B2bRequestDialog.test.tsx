// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { answer, fakeTrpc, renderAtRoute, withTrpc } from '../../lib/testing.tsx'
import { B2bRequestDialog } from './B2bRequestDialog.tsx'

afterEach(cleanup)

const prefill = { name: 'Marta Gil', company: '', email: 'marta@example.com', taxId: '', phone: '600111222' }

function renderDialog(language: 'es' | 'en') {
  // The server answers as b2b.request does.
  const { calls, client } = fakeTrpc((path) => answer(path === 'b2b.request' ? { state: 'requested', requestedAt: new Date().toISOString() } : null))
  renderAtRoute({ path: '/b2b', page: () => <B2bRequestDialog prefill={prefill} />, language, wrap: (routed) => withTrpc(client, routed) })
  return calls
}

describe('<B2bRequestDialog>', () => {
  it('checks the tax id before sending, shows why beside the field, then sends it normalised', async () => {
    const calls = renderDialog('es')
    // A link to the form's own page (before or without JavaScript); with it, the click opens the dialog.
    const standIn = await screen.findByRole('link', { name: 'Solicitar acceso B2B' })
    expect(standIn.getAttribute('href')).toBe('/b2b/request')
    fireEvent.click(standIn)
    // The form's code downloads on that first click (here: Vitest transforms it, which takes a while).
    const dialog = await screen.findByRole('dialog', { name: 'Solicitud de acceso mayorista' }, { timeout: 10_000 })
    expect(screen.getByLabelText<HTMLInputElement>('Nombre completo').value).toBe('Marta Gil')
    expect(screen.getByLabelText<HTMLInputElement>('Correo electrónico').type).toBe('email')
    expect(screen.getByLabelText<HTMLInputElement>('Teléfono').type).toBe('tel')
    fireEvent.change(screen.getByLabelText('Empresa'), { target: { value: 'Reformas Gil S.L.' } })
    const taxId = screen.getByLabelText<HTMLInputElement>('Identificación fiscal (NIF, NIE, CIF o IVA de la UE)')
    fireEvent.change(taxId, { target: { value: '12345678A' } })
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }))

    expect(await screen.findByText(/Introduzca un NIF, NIE o CIF español válido/)).toBeTruthy()
    expect(taxId.getAttribute('aria-invalid')).toBe('true')
    expect(calls).toEqual([])

    fireEvent.change(taxId, { target: { value: 'b-03999992' } })
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }))
    await waitFor(() => expect(calls.filter((c) => c.path === 'b2b.request')).toHaveLength(1))
    expect(calls[0]?.input).toEqual({
      name: 'Marta Gil',
      company: 'Reformas Gil S.L.',
      email: 'marta@example.com',
      taxId: 'B03999992',
      phone: '600111222',
    })
    await waitFor(() => expect(dialog.isConnected).toBe(false))
  })

  it('explains a bad EU VAT number in English', async () => {
    const calls = renderDialog('en')
    // The form's code is already here (the test before loaded it): the dialog's own button.
    fireEvent.click(await screen.findByRole('button', { name: 'Request B2B access' }))
    await screen.findByRole('dialog', {}, { timeout: 10_000 })
    fireEvent.change(screen.getByLabelText('Company'), { target: { value: 'Bau GmbH' } })
    fireEvent.change(screen.getByLabelText('Tax ID (NIF, NIE, CIF or EU VAT)'), { target: { value: 'DE136695975' } })
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText(/Enter a valid Spanish NIF, NIE or CIF, or an EU VAT number/)).toBeTruthy()
    expect(calls).toEqual([])
  })
})
