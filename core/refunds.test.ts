import { describe, expect, it } from 'vitest'
import { planRefund, refundable, refundAmounts, refundRequestSchema, type GivenRefund, type PaidOrder } from './refunds.ts'
import { messages } from './messages.ts'
import { documentAmounts, maxOrderTotalCents, orderAmounts } from './totals.ts'

// The admin's partial refunds (docs/product.md#fulfilment): one rule for the dialog and the server,
// deciding what goes back, refusing what cannot, and splitting each amount as its corrective invoice prints it.

const panels = 'a0000000-0000-4000-8000-000000000001'
const glue = 'a0000000-0000-4000-8000-000000000002'
const iva = { taxRateBasisPoints: 2100, surchargeRateBasisPoints: 0 }
const recargo = { taxRateBasisPoints: 2100, surchargeRateBasisPoints: 520 }

/** Ten panels at 24,90 € (IVA included), delivered at `shippingCostCents`, paid under `rates`. */
function order(shippingCostCents = 0, rates = iva, extra: PaidOrder['lines'] = []): PaidOrder {
  const lines = [{ id: panels, name: 'Panel acústico', quantity: 10, unitPriceCents: 2490 }, ...extra]
  return { lines, shippingCostCents, totalCents: orderAmounts(lines, rates, shippingCostCents).totalCents, ...rates }
}

const byLines = (lines: Array<{ itemId: string; quantity: number }>, delivery = false) => ({ kind: 'lines' as const, lines, delivery })
const byAmount = (amountCents: number) => ({ kind: 'amount' as const, amountCents })
const gave = (amountCents: number, lines: GivenRefund['lines'] = [], deliveryCents = 0): GivenRefund => ({ amountCents, lines, deliveryCents })

describe('planRefund by lines', () => {
  it('gives back 2 of 10 panels at the price paid: 49,80 €, not the remainder', () => {
    expect(planRefund(order(), [], byLines([{ itemId: panels, quantity: 2 }]))).toEqual({
      amountCents: 4980,
      lines: [{ itemId: panels, name: 'Panel acústico', quantity: 2, unitPriceCents: 2490 }],
      deliveryCents: 0,
      remainder: false,
    })
  })

  it('adds the delivery when asked, once, and counts what went back before', () => {
    const paid = order(990)
    expect(planRefund(paid, [], byLines([{ itemId: panels, quantity: 1 }], true))).toMatchObject({
      amountCents: 2490 + 990,
      deliveryCents: 990,
      remainder: false,
    })
    expect(planRefund(paid, [], byLines([], true))).toMatchObject({ amountCents: 990, lines: [], deliveryCents: 990, remainder: false })
    expect(planRefund(paid, [gave(990, [], 990)], byLines([{ itemId: panels, quantity: 1 }], true))).toEqual({ refused: 'delivery_given' })
    expect(refundable(paid, [gave(990, [], 990), gave(4980, [{ itemId: panels, quantity: 2 }])])).toEqual({
      amountCents: paid.totalCents - 990 - 4980,
      lines: [{ itemId: panels, quantity: 8 }],
      deliveryCents: 0,
    })
  })

  it('the last panels are the remainder, for what is left even after an earlier refund of an amount', () => {
    const paid = order()
    const given = [gave(4980, [{ itemId: panels, quantity: 2 }]), gave(1000)]
    // 8 panels cost 199,20 €, but only 189,20 € is left: the remainder gives back exactly that.
    expect(planRefund(paid, given, byLines([{ itemId: panels, quantity: 8 }]))).toEqual({
      amountCents: paid.totalCents - 4980 - 1000,
      lines: [{ itemId: panels, name: 'Panel acústico', quantity: 8, unitPriceCents: 2490 }],
      deliveryCents: 0,
      remainder: true,
    })
    // Without an amount refund before, the last panels are the remainder too: the whole rest, to the cent.
    expect(planRefund(paid, [given[0]!], byLines([{ itemId: panels, quantity: 8 }]))).toMatchObject({
      amountCents: 8 * 2490,
      remainder: true,
    })
  })

  it('the last panels without the delivery still left are not the remainder, and refused when they cost more than is left', () => {
    const paid = order(990)
    expect(planRefund(paid, [], byLines([{ itemId: panels, quantity: 10 }]))).toMatchObject({ amountCents: 24900, remainder: false })
    // 19,20 € + 9,90 € left of the 258,90 € after 229,80 €: ten panels (249 €) no longer fit.
    expect(planRefund(paid, [gave(paid.totalCents - 990 - 1920)], byLines([{ itemId: panels, quantity: 10 }]))).toEqual({ refused: 'exceeds' })
  })

  it('refuses more panels than the line has left, also asked in two entries of the same line', () => {
    const paid = order()
    expect(planRefund(paid, [], byLines([{ itemId: panels, quantity: 11 }]))).toEqual({ refused: 'too_many_panels' })
    expect(planRefund(paid, [gave(4980, [{ itemId: panels, quantity: 2 }])], byLines([{ itemId: panels, quantity: 9 }]))).toEqual({
      refused: 'too_many_panels',
    })
    expect(
      planRefund(
        paid,
        [],
        byLines([
          { itemId: panels, quantity: 5 },
          { itemId: panels, quantity: 6 },
        ]),
      ),
    ).toEqual({ refused: 'too_many_panels' })
    expect(
      planRefund(
        paid,
        [],
        byLines([
          { itemId: panels, quantity: 5 },
          { itemId: panels, quantity: 1 },
        ]),
      ),
    ).toMatchObject({ amountCents: 6 * 2490, lines: [{ itemId: panels, quantity: 6 }] })
  })

  it('refuses a line of another order, nothing chosen, and anything once nothing is left', () => {
    const paid = order()
    expect(planRefund(paid, [], byLines([{ itemId: glue, quantity: 1 }]))).toEqual({ refused: 'unknown_line' })
    expect(planRefund(paid, [], byLines([]))).toEqual({ refused: 'nothing_chosen' })
    // A pickup order has no delivery to give back: asking for it alone is nothing.
    expect(planRefund(paid, [], byLines([], true))).toEqual({ refused: 'nothing_chosen' })
    const all = [gave(paid.totalCents, [{ itemId: panels, quantity: 10 }])]
    expect(planRefund(paid, all, { kind: 'remainder' })).toEqual({ refused: 'nothing_left' })
    expect(planRefund(paid, all, byAmount(1))).toEqual({ refused: 'nothing_left' })
    expect(planRefund(paid, all, byLines([{ itemId: panels, quantity: 1 }]))).toEqual({ refused: 'nothing_left' })
  })

  it('gives back each line of a two-line order at its own price', () => {
    const paid = order(990, iva, [{ id: glue, name: 'Adhesivo', quantity: 3, unitPriceCents: 1250 }])
    expect(
      planRefund(
        paid,
        [],
        byLines([
          { itemId: glue, quantity: 3 },
          { itemId: panels, quantity: 1 },
        ]),
      ),
    ).toEqual({
      amountCents: 3 * 1250 + 2490,
      lines: [
        { itemId: glue, name: 'Adhesivo', quantity: 3, unitPriceCents: 1250 },
        { itemId: panels, name: 'Panel acústico', quantity: 1, unitPriceCents: 2490 },
      ],
      deliveryCents: 0,
      remainder: false,
    })
  })
})

describe('planRefund by amount and of the remainder', () => {
  it('refuses an amount over what is left, and an amount of all that is left is the remainder', () => {
    const paid = order(990)
    expect(planRefund(paid, [], byAmount(paid.totalCents + 1))).toEqual({ refused: 'exceeds' })
    expect(planRefund(paid, [gave(1000)], byAmount(paid.totalCents - 999))).toEqual({ refused: 'exceeds' })
    expect(planRefund(paid, [], byAmount(1234))).toEqual({ amountCents: 1234, lines: [], deliveryCents: 0, remainder: false })
    expect(planRefund(paid, [gave(1000)], byAmount(paid.totalCents - 1000))).toEqual({
      amountCents: paid.totalCents - 1000,
      lines: [],
      deliveryCents: 0,
      remainder: true,
    })
  })

  it('the remainder names the panels and the delivery still left', () => {
    const paid = order(990)
    expect(planRefund(paid, [gave(4980, [{ itemId: panels, quantity: 2 }]), gave(500)], { kind: 'remainder' })).toEqual({
      amountCents: paid.totalCents - 4980 - 500,
      lines: [{ itemId: panels, name: 'Panel acústico', quantity: 8, unitPriceCents: 2490 }],
      deliveryCents: 990,
      remainder: true,
    })
  })
})

describe('a buyer under the recargo de equivalencia', () => {
  it('gets back the panels and the recargo on their base, as a document of their own', () => {
    const paid = order(0, recargo)
    expect(paid.totalCents).toBe(24900 + documentAmounts(24900, recargo).surchargeCents)
    const document = documentAmounts(4980, recargo)
    const plan = planRefund(paid, [], byLines([{ itemId: panels, quantity: 2 }]))
    expect(plan).toMatchObject({ amountCents: document.totalCents, remainder: false })
    // 49,80 € of panels: base 41,16 €, IVA 8,64 €, recargo 5,2 % of the base 2,14 €.
    expect(document).toEqual({ taxableBaseCents: 4116, taxCents: 864, surchargeCents: 214, totalCents: 5194 })
    // Its corrective invoice splits it the same way.
    expect(refundAmounts({ amountCents: 5194, grossCents: 4980 }, recargo)).toEqual(document)
  })

  it('the rest of a recargo order closes it to the cent', () => {
    const paid = order(990, recargo)
    const first = planRefund(paid, [], byLines([{ itemId: panels, quantity: 2 }], true))
    if ('refused' in first) throw new Error(`refused: ${first.refused}`)
    expect(first.amountCents).toBe(documentAmounts(4980 + 990, recargo).totalCents)
    const given = [gave(first.amountCents, [{ itemId: panels, quantity: 2 }], 990)]
    expect(planRefund(paid, given, byLines([{ itemId: panels, quantity: 8 }]))).toMatchObject({
      amountCents: paid.totalCents - first.amountCents,
      remainder: true,
    })
  })
})

describe('refundAmounts', () => {
  /** A small deterministic generator (the same amounts on every run). */
  function randomAmounts(count: number, seed = 42) {
    let state = seed
    const next = () => {
      state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0
      return state / 2 ** 32
    }
    const amounts = [1, 2, 3, 4, 5, 99, 100, 101, 121, 126, 1262, maxOrderTotalCents]
    for (let i = 0; i < count; i++) amounts.push(1 + Math.floor(next() ** 3 * maxOrderTotalCents))
    return { amounts, next }
  }

  for (const [name, rates] of [
    ['IVA only', iva],
    ['IVA and recargo', recargo],
  ] as const) {
    it(`always adds up to the amount (${name}), with no part negative`, () => {
      const { amounts, next } = randomAmounts(2000)
      for (const amountCents of amounts) {
        for (const grossCents of [null, amountCents, Math.max(1, Math.floor(amountCents * (0.5 + next())))]) {
          const split = refundAmounts({ amountCents, grossCents }, rates)
          expect(split.taxableBaseCents + split.taxCents + split.surchargeCents, `${amountCents} (${grossCents})`).toBe(amountCents)
          expect(split.totalCents).toBe(amountCents)
          expect(Math.min(split.taxableBaseCents, split.taxCents, split.surchargeCents), `${amountCents} (${grossCents})`).toBeGreaterThanOrEqual(0)
          if (rates.surchargeRateBasisPoints === 0) expect(split.surchargeCents).toBe(0)
        }
      }
    })
  }

  it('splits panels as their own document when that is what went back, and any other amount at the order’s rates', () => {
    expect(refundAmounts({ amountCents: 4980, grossCents: 4980 }, iva)).toEqual(documentAmounts(4980, iva))
    // An amount that is not the panels' (earlier refunds took part of them): split at the rates.
    expect(refundAmounts({ amountCents: 4000, grossCents: 4980 }, iva)).toEqual({
      taxableBaseCents: 3306,
      taxCents: 694,
      surchargeCents: 0,
      totalCents: 4000,
    })
    const base = Math.round((10_000 * 10_000) / 12_620)
    expect(refundAmounts({ amountCents: 10_000, grossCents: null }, recargo)).toEqual({
      taxableBaseCents: base,
      taxCents: 10_000 - base - Math.round((base * 520) / 10_000),
      surchargeCents: Math.round((base * 520) / 10_000),
      totalCents: 10_000,
    })
  })
})

describe('refundRequestSchema', () => {
  const valid = { requestKey: 'b0000000-0000-4000-8000-000000000001', reason: 'Dos paneles llegaron rotos', what: byAmount(100) }
  const issues = (input: unknown) => {
    const parsed = refundRequestSchema.safeParse(input)
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)
  }

  it('takes each kind of refund, trimming the reason and dropping lines of no panels', () => {
    expect(refundRequestSchema.parse({ ...valid, reason: '  Roto  ' }).reason).toBe('Roto')
    expect(refundRequestSchema.parse({ ...valid, what: { kind: 'remainder' } }).what).toEqual({ kind: 'remainder' })
    expect(
      refundRequestSchema.parse({
        ...valid,
        what: byLines([
          { itemId: panels, quantity: 0 },
          { itemId: glue, quantity: 2 },
        ]),
      }).what,
    ).toEqual({ kind: 'lines', lines: [{ itemId: glue, quantity: 2 }], delivery: false })
  })

  it('refuses an empty reason, an amount of 0, and a key that is not a uuid', () => {
    expect(issues({ ...valid, reason: '' })).toEqual([messages.refundReasonRequired.id])
    expect(issues({ ...valid, reason: '   ' })).toEqual([messages.refundReasonRequired.id])
    expect(issues({ ...valid, reason: 'x'.repeat(201) })).toEqual([messages.refundReasonTooLong.id])
    expect(issues({ ...valid, what: byAmount(0) })).toEqual([messages.refundAmountInvalid.id])
    expect(issues({ ...valid, what: byAmount(-5) })).toEqual([messages.refundAmountInvalid.id])
    expect(issues({ ...valid, what: byAmount(12.5) })).toEqual([messages.refundAmountInvalid.id])
    expect(issues({ ...valid, what: byAmount(maxOrderTotalCents + 1) })).toEqual([messages.refundAmountInvalid.id])
    expect(issues({ ...valid, requestKey: 'not-a-uuid' })).toHaveLength(1)
    expect(issues({ ...valid, requestKey: undefined })).toHaveLength(1)
    expect(issues({ ...valid, what: byLines([{ itemId: 'line-1', quantity: 1 }]) })).toHaveLength(1)
    expect(issues({ ...valid, what: byLines([{ itemId: panels, quantity: -1 }]) })).toHaveLength(1)
    expect(issues({ ...valid, what: { kind: 'everything' } })).toHaveLength(1)
    expect(issues(valid)).toEqual([])
  })
})
