// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderInLanguage } from '../../../tests/helpers/render.tsx'
import { PanelCalculator } from './PanelCalculator.tsx'
import type { CalculatorSizes } from '../../lib/panel-calculator.ts'

afterEach(cleanup)

/** The calculator for 122 × 300 cm panels, in `language`; what it hands the quantity to. */
function renderCalculator(language: 'es' | 'en', sent?: CalculatorSizes) {
  const onUse = vi.fn()
  renderInLanguage(
    <PanelCalculator
      panelWidthCm={122}
      panelHeightCm={300}
      unitPriceCents={9900}
      onUse={onUse}
      action="/product/marmol-blanco"
      {...(sent ? { sent } : {})}
    />,
    language,
  )
  return onUse
}

describe('<PanelCalculator>', () => {
  it('explains what is wrong, in Spanish, and sets nothing', () => {
    const onUse = renderCalculator('es')
    fireEvent.change(screen.getByLabelText('Ancho (m)'), { target: { value: 'abc' } })
    fireEvent.change(screen.getByLabelText('Alto (m)'), { target: { value: '60' } })
    fireEvent.click(screen.getByRole('button', { name: 'Calcular' }))
    expect(screen.getByText('Escriba un número, por ejemplo 2,5')).toBeTruthy()
    expect(screen.getByText('Como máximo 50 m')).toBeTruthy()
    expect(screen.getByLabelText('Ancho (m)').getAttribute('aria-invalid')).toBe('true')
    expect(onUse).not.toHaveBeenCalled()
  })

  it('counts panels with and without the cutting margin, in English', () => {
    const onUse = renderCalculator('en')
    fireEvent.change(screen.getByLabelText('Width (m)'), { target: { value: '4' } })
    fireEvent.change(screen.getByLabelText('Height (m)'), { target: { value: '2.5' } })
    // 10 m² and 10 % more: 11 m² of 3.66 m² panels, at 99.00 € each; English writes "10%".
    expect(
      screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === '10.00 m² + 10% = 11.00 m² → 4 panels · €396.00'),
    ).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Use 4 panels' }))
    expect(onUse).toHaveBeenLastCalledWith(4)
    // Said beside the button: the quantity field may be out of view.
    expect(screen.getByRole('status').textContent).toBe('Quantity set to 4 panels (€396.00)')
    fireEvent.click(screen.getByLabelText('Add 10% for cuts and waste'))
    expect(screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === '10.00 m² → 3 panels · €297.00')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Use 3 panels' }))
    expect(onUse).toHaveBeenLastCalledWith(3)
    expect(screen.getByRole('status').textContent).toBe('Quantity set to 3 panels (€297.00)')
  })

  it('shows its working in Spanish: the surface, the margin, the panels and their price', () => {
    renderCalculator('es')
    fireEvent.change(screen.getByLabelText('Ancho (m)'), { target: { value: '3,9' } })
    fireEvent.change(screen.getByLabelText('Alto (m)'), { target: { value: '3' } })
    // Spanish writes its amounts and percentages with a non-breaking space before the sign.
    const spaced = (text: string | null | undefined) => text?.replace(/\u00a0/g, ' ')
    expect(
      screen.getByText(
        (_, element) => element?.tagName === 'P' && spaced(element.textContent) === '11,70 m² + 10 % = 12,87 m² → 4 paneles · 396,00 €',
      ),
    ).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Usar 4 paneles' }))
    expect(spaced(screen.getByRole('status').textContent)).toBe('Cantidad: 4 paneles (396,00 €)')
  })

  it('sent without JavaScript (the page asked again with the sizes): the result and the quantity set are there at once', () => {
    const onUse = renderCalculator('es', { width: '3,9', height: '3', withMargin: true })
    expect((screen.getByLabelText('Ancho (m)') as HTMLInputElement).value).toBe('3,9')
    expect((screen.getByLabelText(/Añadir un 10/) as HTMLInputElement).checked).toBe(true)
    expect(screen.getByRole('status').textContent?.replace(/\u00a0/g, ' ')).toBe('Cantidad: 4 paneles (396,00 €)')
    // The page set the quantity itself; the calculator told it nothing.
    expect(onUse).not.toHaveBeenCalled()
    // Its form asks the page again, at the calculator, with fields named for it.
    const form = screen.getByRole('button', { name: 'Usar 4 paneles' }).closest('form')!
    expect(form.getAttribute('method')).toBe('get')
    expect(form.getAttribute('action')).toBe('/product/marmol-blanco#panel-calculator')
    expect([...form.querySelectorAll('input')].map((input) => input.name)).toEqual(['width', 'height', 'margin'])
  })

  it('sent with a size it cannot use: the message beside the field, no quantity', () => {
    renderCalculator('en', { width: '', height: '2.5', withMargin: false })
    expect(screen.getByText('Enter a size in metres')).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('')
  })
})
