// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderInLanguage } from '../../../tests/helpers/render.tsx'
import { LineQuantity } from './LineQuantity.tsx'

afterEach(cleanup)

/** A line whose "server" answers each change after `answer` resolves, or refuses it. */
function Harness({ server }: { server: (quantity: number) => Promise<number> }) {
  const [quantity, setQuantity] = useState(3)
  return <LineQuantity name="Panel Roble" quantity={quantity} busy={false} onChange={(next) => server(next).then(setQuantity, () => undefined)} />
}

const field = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Paneles de Panel Roble' })

describe('<LineQuantity>', () => {
  it('commits a typed quantity on Enter, and shows the server’s answer', async () => {
    const server = vi.fn((quantity: number) => Promise.resolve(quantity))
    renderInLanguage(<Harness server={server} />, 'es')
    expect(field().inputMode).toBe('numeric')
    fireEvent.change(field(), { target: { value: '20' } })
    expect(server).not.toHaveBeenCalled()
    await act(async () => {
      fireEvent.keyDown(field(), { key: 'Enter' })
    })
    expect(server).toHaveBeenCalledWith(20)
    expect(field().value).toBe('20')
  })

  it('commits when the field is left, and keeps the stored quantity when the server refuses', async () => {
    const server = vi.fn(() => Promise.reject(new Error('refused')))
    renderInLanguage(<Harness server={server} />, 'es')
    fireEvent.change(field(), { target: { value: '7' } })
    await act(async () => {
      fireEvent.blur(field())
    })
    expect(server).toHaveBeenCalledWith(7)
    expect(field().value).toBe('3')
  })

  it('says the limit above 999 and asks nothing of the server', () => {
    const server = vi.fn((quantity: number) => Promise.resolve(quantity))
    renderInLanguage(<Harness server={server} />, 'es')
    fireEvent.change(field(), { target: { value: '1500' } })
    fireEvent.blur(field())
    expect(server).not.toHaveBeenCalled()
    expect(screen.getByRole('alert').textContent).toBe('Puede pedir como máximo 999 paneles de cada producto.')
    expect(field().value).toBe('3')
    expect(field().getAttribute('aria-invalid')).toBe('true')
  })

  it('explains zero or text, and leaves an emptied field as it was without a word', () => {
    const server = vi.fn((quantity: number) => Promise.resolve(quantity))
    renderInLanguage(<Harness server={server} />, 'en')
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Panels of Panel Roble' })
    fireEvent.change(input, { target: { value: '0' } })
    fireEvent.blur(input)
    expect(screen.getByRole('alert').textContent).toBe('Type a whole number of panels from 1 to 999. To take the panel out, use Remove.')
    fireEvent.change(input, { target: { value: '' } })
    fireEvent.blur(input)
    expect(screen.queryByRole('alert')).toBeNull()
    expect(input.value).toBe('3')
    expect(server).not.toHaveBeenCalled()
  })

  it('steps with − and + straight to the server', async () => {
    const server = vi.fn((quantity: number) => Promise.resolve(quantity))
    renderInLanguage(<Harness server={server} />, 'es')
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Un panel más de Panel Roble' }))
    })
    expect(server).toHaveBeenLastCalledWith(4)
    expect(field().value).toBe('4')
  })
})
