import { describe, expect, it } from 'vitest'
import { carrierOf, leftToShip, planShipment } from './shipment.ts'

const a = '00000000-0000-4000-8000-00000000000a'
const b = '00000000-0000-4000-8000-00000000000b'
const ordered = [
  { id: a, quantity: 4 },
  { id: b, quantity: 2 },
]

describe('what is left to ship', () => {
  it('is what was ordered less what shipments carried and refunds gave back, never below 0', () => {
    expect(leftToShip(ordered, [], [])).toEqual([
      { itemId: a, quantity: 4 },
      { itemId: b, quantity: 2 },
    ])
    expect(leftToShip(ordered, [[{ itemId: a, quantity: 1 }]], [[{ itemId: b, quantity: 1 }]])).toEqual([
      { itemId: a, quantity: 3 },
      { itemId: b, quantity: 1 },
    ])
    // Panels returned after shipping (refunded) do not make the line owe more.
    expect(leftToShip(ordered, [[{ itemId: b, quantity: 2 }]], [[{ itemId: b, quantity: 2 }]])[1]).toEqual({ itemId: b, quantity: 0 })
  })
})

describe('planning a shipment', () => {
  const left = leftToShip(ordered, [], [])
  it('ships everything left when no panels are named: the order is then shipped', () => {
    expect(planShipment(left, undefined)).toEqual({ lines: left, completes: true })
  })

  it('ships the panels named; it completes the order only when nothing is left after it', () => {
    expect(planShipment(left, [{ itemId: a, quantity: 1 }])).toEqual({ lines: [{ itemId: a, quantity: 1 }], completes: false })
    expect(
      planShipment(left, [
        { itemId: b, quantity: 2 },
        { itemId: a, quantity: 4 },
      ]),
    ).toEqual({
      lines: [
        { itemId: a, quantity: 4 },
        { itemId: b, quantity: 2 },
      ],
      completes: true,
    })
    // A line named twice counts once, summed.
    expect(
      planShipment(left, [
        { itemId: b, quantity: 1 },
        { itemId: b, quantity: 1 },
      ]),
    ).toEqual({ lines: [{ itemId: b, quantity: 2 }], completes: false })
  })

  it('refuses more than a line has left, a line of another order, nothing at all, or an order with nothing left', () => {
    expect(planShipment(left, [{ itemId: b, quantity: 3 }])).toEqual({ refused: 'too_many_panels' })
    expect(
      planShipment(left, [
        { itemId: b, quantity: 2 },
        { itemId: b, quantity: 1 },
      ]),
    ).toEqual({ refused: 'too_many_panels' })
    expect(planShipment(left, [{ itemId: '00000000-0000-4000-8000-00000000000c', quantity: 1 }])).toEqual({ refused: 'unknown_line' })
    expect(planShipment(left, [])).toEqual({ refused: 'nothing_chosen' })
    const none = leftToShip(ordered, [[{ itemId: a, quantity: 4 }]], [[{ itemId: b, quantity: 2 }]])
    expect(planShipment(none, undefined)).toEqual({ refused: 'nothing_left' })
  })
})

describe('the carrier as recorded', () => {
  it('keeps the name as typed and knows a carrier on the list however it is written', () => {
    expect(carrierOf('SEUR')).toEqual({ carrier: 'SEUR', carrierCode: 'seur' })
    expect(carrierOf('correos-express')).toEqual({ carrier: 'correos-express', carrierCode: 'correos_express' })
    expect(carrierOf('Correos')).toEqual({ carrier: 'Correos', carrierCode: null })
    expect(carrierOf(null)).toEqual({ carrier: null, carrierCode: null })
  })
})
