// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { useState } from 'react'
import { renderToString } from 'react-dom/server'
import { I18nProvider } from '@lingui/react'
import { i18nFor } from '../../../core/i18n/catalogs.ts'
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

describe("<QuantityInput> before the page's script runs", () => {
  it("draws − and + disabled in the server's HTML (they need the script), the field itself enabled", () => {
    const html = renderToString(
      <I18nProvider i18n={i18nFor('es')}>
        <QuantityInput name="quantity" value="2" onChange={() => {}} />
      </I18nProvider>,
    )
    const buttons = html.match(/<button[^>]*>/g) ?? []
    expect(buttons).toHaveLength(2)
    for (const button of buttons) expect(button).toContain('disabled')
    expect(/<input[^>]*>/.exec(html)?.[0]).not.toContain('disabled')
  })
})

describe('<QuantityInput> above the limit', () => {
  it('says the limit while a larger number is typed, and keeps saying it once the field becomes 999', () => {
    renderInLanguage(<Harness />, 'es')
    const input = screen.getByLabelText<HTMLInputElement>('Cantidad (paneles)')
    fireEvent.change(input, { target: { value: '1500' } })
    expect(screen.getByRole('alert').textContent).toBe('Puede pedir como máximo 999 paneles de cada producto.')
    fireEvent.blur(input)
    expect(input.value).toBe('999')
    expect(screen.getByRole('alert')).toBeTruthy()
    fireEvent.change(input, { target: { value: '12' } })
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
