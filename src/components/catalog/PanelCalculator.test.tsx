// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderInLanguage } from '../../../tests/helpers/render.tsx'
import { PanelCalculator } from './PanelCalculator.tsx'

afterEach(cleanup)

/** The calculator for 122 × 300 cm panels, in `language`; what it hands the quantity to. */
function renderCalculator(language: 'es' | 'en') {
  const onUse = vi.fn()
  renderInLanguage(<PanelCalculator panelWidthCm={122} panelHeightCm={300} onUse={onUse} />, language)
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
    fireEvent.click(screen.getByRole('button', { name: 'Use 4 panels' }))
    expect(onUse).toHaveBeenLastCalledWith(4)
    fireEvent.click(screen.getByLabelText('Add 10 % for cuts and waste'))
    fireEvent.click(screen.getByRole('button', { name: 'Use 3 panels' }))
    expect(onUse).toHaveBeenLastCalledWith(3)
  })
})
