// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderInLanguage } from '../../../tests/helpers/render.tsx'
import { QuantityInput } from './QuantityInput.tsx'

afterEach(cleanup)

function Harness() {
  const [value, setValue] = useState('1')
  return <QuantityInput value={value} onChange={setValue} />
}

describe('<QuantityInput>', () => {
  it('falls back to 1 for empty or invalid input, and never goes below 1 with the minus button', () => {
    renderInLanguage(<Harness />, 'es')
    const input = screen.getByLabelText<HTMLInputElement>('Cantidad (paneles)')
    fireEvent.change(input, { target: { value: '' } })
    fireEvent.blur(input)
    expect(input.value).toBe('1')
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Reducir cantidad' }).disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Aumentar cantidad' }))
    fireEvent.click(screen.getByRole('button', { name: 'Aumentar cantidad' }))
    expect(input.value).toBe('3')
    fireEvent.change(input, { target: { value: '-4' } })
    fireEvent.blur(input)
    expect(input.value).toBe('1')
  })
})
