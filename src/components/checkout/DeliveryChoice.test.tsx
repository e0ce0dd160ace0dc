// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderInLanguage } from '../../../tests/helpers/render.tsx'
import { DeliveryChoice, type DeliveryQuote } from './DeliveryChoice.tsx'

afterEach(cleanup)

const home: DeliveryQuote = { method: 'home', zone: 'peninsula', priceCents: 2_500, minDays: 3, maxDays: 5, surchargeCents: 0, totalCents: 10_500 }
const pickup: DeliveryQuote = { method: 'pickup', priceCents: 0, minDays: 1, maxDays: 1, surchargeCents: 0, totalCents: 8_000 }
const options = () =>
  screen
    .getAllByRole('radio')
    .map((radio) => [radio.closest('label')!.textContent, (radio as HTMLInputElement).checked, (radio as HTMLInputElement).disabled])

describe('<DeliveryChoice> (docs/product.md#delivery)', () => {
  it('lists home delivery with its zone, window and price, and the free showroom pickup; choosing one says so', () => {
    const onChange = vi.fn()
    renderInLanguage(<DeliveryChoice quotes={[home, pickup]} postalCode="46001" homeFree={false} value="home" onChange={onChange} />, 'es')
    expect(screen.getByRole('group', { name: 'Entrega' })).toBeTruthy()
    expect(options()).toEqual([
      ['Envío a domicilio (Península)3–5 días laborables25,00\u00a0€', true, false],
      ['Recogida en la exposición (Torrevieja)Lista 1 día laborable después del pagoGratis', false, false],
    ])
    fireEvent.click(screen.getByRole('radio', { name: /Recogida/ }))
    expect(onChange).toHaveBeenCalledWith('pickup')
  })

  it('offers home delivery before the postal code (free when it is free everywhere), and not to a postal code it does not serve', () => {
    renderInLanguage(<DeliveryChoice quotes={[pickup]} postalCode="" homeFree={false} value="home" onChange={() => {}} />, 'en')
    expect(options()[0]).toEqual(['Home deliveryPriced with your postal code', true, false])
    cleanup()
    renderInLanguage(<DeliveryChoice quotes={[pickup]} postalCode="" homeFree value="home" onChange={() => {}} />, 'en')
    expect(options()[0]).toEqual(['Home deliveryPriced with your postal codeFree', true, false])
    cleanup()
    renderInLanguage(<DeliveryChoice quotes={[pickup]} postalCode="35001" homeFree value="pickup" onChange={() => {}} />, 'en')
    expect(options()).toEqual([
      ['Home deliveryNot to this postal code', false, true],
      ['Showroom pickup (Torrevieja)Ready 1 working day after it is paidFree', true, false],
    ])
  })

  it('leaves pickup out when the owner does not offer it', () => {
    renderInLanguage(<DeliveryChoice quotes={[home]} postalCode="46001" homeFree={false} value="home" onChange={() => {}} />, 'es')
    expect(screen.getAllByRole('radio')).toHaveLength(1)
  })
})
