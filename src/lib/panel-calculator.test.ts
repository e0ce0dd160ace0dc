import { describe, expect, it } from 'vitest'
import { panelsNeeded, parseMetres } from './panel-calculator.ts'

describe('panel calculator', () => {
  const panel = { panelWidthCm: 122, panelHeightCm: 300 }

  it('covers a 4 × 2.5 m wall with 3 panels, 4 with the 10 % margin', () => {
    // 10 m² / 3.66 m² = 2.73 → 3; with margin 11 m² → 3.01 → 4
    expect(panelsNeeded({ widthM: 4, heightM: 2.5, withMargin: false, ...panel })).toEqual({ surfaceM2: 10, coveredM2: 10, panels: 3 })
    const withMargin = panelsNeeded({ widthM: 4, heightM: 2.5, withMargin: true, ...panel })
    expect(withMargin).toMatchObject({ surfaceM2: 10, panels: 4 })
    expect(withMargin.coveredM2).toBeCloseTo(11)
  })

  it('needs exactly one panel for exactly one panel’s area, and at least one for a tiny area', () => {
    expect(panelsNeeded({ widthM: 1.22, heightM: 3, withMargin: false, ...panel }).panels).toBe(1)
    expect(panelsNeeded({ widthM: 0.1, heightM: 0.1, withMargin: false, ...panel }).panels).toBe(1)
  })

  it.each([
    ['2,5', { value: 2.5 }],
    [' 3.05 ', { value: 3.05 }],
    ['', { error: 'required' }],
    ['abc', { error: 'invalid' }],
    ['-2', { error: 'invalid' }],
    ['1e3', { error: 'invalid' }],
    ['0.05', { error: 'tooSmall' }],
    ['51', { error: 'tooLarge' }],
  ])('reads %j as %j', (raw, expected) => {
    expect(parseMetres(raw)).toEqual(expected)
  })
})
