import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  catalogLimits,
  categorySchema,
  centsToEuroInput,
  emptyProduct,
  eurosToCents,
  isProductField,
  productFields,
  productSchema,
  publishProblems,
  slugify,
  type ProductInput,
} from './catalog-admin.ts'
import { messages } from './messages.ts'
import { maxQuantity } from './quantity.ts'

// The owner's product and category forms share these rules with their procedures, so
// what one refuses the other refuses with the same message id.

/** The field and message id of each issue (zod's own rules carry none of ours). */
function issuesOf(result: z.ZodSafeParseResult<unknown>) {
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message])
}

const good: ProductInput = {
  slug: 'marmol-calacatta-oro',
  nameEs: 'Mármol Calacatta Oro',
  nameEn: 'Calacatta Gold Marble',
  descriptionEs: 'Vetas doradas sobre fondo blanco.\nAcabado brillo.',
  descriptionEn: 'Golden veins on a white background.\nGloss finish.',
  priceRetail: '24,90',
  priceWholesale: '18,50',
  featured: true,
  widthCm: '122',
  heightCm: '280',
  weightKg: '5,4',
  categoryId: '0b6d8f52-3c4a-4f1e-9d2b-7a8c9e0f1a2b',
  look: 'marble',
  colour: 'gold',
  finish: 'gloss',
  texture: '',
  availability: 'in_stock',
  leadTimeDays: '',
}

describe('slugify (the address the form proposes from the Spanish name)', () => {
  it.each([
    ['Mármol Calacatta Oro', 'marmol-calacatta-oro'],
    ['Piña y Ñandú', 'pina-y-nandu'],
    ['  Roble: ¡viejo!, (gris) 3D  ', 'roble-viejo-gris-3d'],
    ['Pizarra / Negra -- Mate', 'pizarra-negra-mate'],
    ['ÉXITO Ça Über', 'exito-ca-uber'],
    ['', ''],
    ['¡¿?!', ''],
  ])('%j → %j', (name, slug) => {
    expect(slugify(name)).toBe(slug)
  })

  it('keeps at most the slug limit, never ending in a hyphen', () => {
    // 79 letters, then a space: the cut falls right after the hyphen it became.
    const name = `${'a'.repeat(79)} bbbbbbbbbb`
    const slug = slugify(name)
    expect(slug).toBe('a'.repeat(79))
    expect(slugify('palabra '.repeat(30)).length).toBeLessThanOrEqual(catalogLimits.slug.max)
    expect(slugify('palabra '.repeat(30))).not.toMatch(/-$/)
  })

  it('always proposes a slug the schema accepts', () => {
    for (const name of ['Mármol Calacatta Oro', 'Piña y Ñandú', 'palabra '.repeat(30), 'Über 3D — ¡nuevo!']) {
      expect(productSchema.safeParse({ ...good, slug: slugify(name) }).success, name).toBe(true)
    }
  })
})

describe('eurosToCents and centsToEuroInput (prices as typed, never through a float)', () => {
  it.each([
    ['24,90', 2490],
    ['24.90', 2490],
    ['24', 2400],
    ['24,9', 2490],
    [' 0,01 ', 1],
    ['0,10', 10],
    ['999999,99', 99999999],
  ])('%j → %d cents', (typed, cents) => {
    expect(eurosToCents(typed)).toBe(cents)
  })

  it.each(['', 'abc', '-1', '12,345', '1.000,50', '1,000.50', '24,', ',50', '1e3', '1234567'])('%j is not a price', (typed) => {
    expect(eurosToCents(typed)).toBeNull()
  })

  it('shows cents as each language types them, and reads them back the same', () => {
    expect(centsToEuroInput(2490, ',')).toBe('24,90')
    expect(centsToEuroInput(2490, '.')).toBe('24.90')
    expect(centsToEuroInput(5, ',')).toBe('0,05')
    expect(centsToEuroInput(10_000_000, '.')).toBe('100000.00')
    for (const cents of [1, 10, 99, 100, 2490, 8055, 123456, 10_000_000]) {
      for (const separator of [',', '.'] as const) expect(eurosToCents(centsToEuroInput(cents, separator))).toBe(cents)
    }
  })
})

describe('productSchema with good values', () => {
  it('turns what was typed into what the database keeps', () => {
    const { availability: _, ...typed } = good
    expect(productSchema.parse(good)).toEqual({
      ...typed,
      priceRetail: 2490,
      priceWholesale: 1850,
      widthCm: 122,
      heightCm: 280,
      weightKg: '5.40',
      texture: null,
      leadTimeDays: null,
    })
  })

  it('keeps each attribute’s value, and an attribute left unset as null', () => {
    const parsed = productSchema.parse({ ...good, look: 'wood', colour: '', finish: 'matte', texture: 'embossed' })
    expect(parsed).toMatchObject({ look: 'wood', colour: null, finish: 'matte', texture: 'embossed' })
    expect(productSchema.parse({ ...good, look: '', colour: '', finish: '', texture: '' })).toMatchObject({
      look: null,
      colour: null,
      finish: null,
      texture: null,
    })
  })

  it.each([
    ['24,90', 2490],
    ['24.90', 2490],
    ['24', 2400],
    [' 10000 ', 1_000_000],
  ])('reads the retail price %j as %d cents', (priceRetail, cents) => {
    expect(productSchema.parse({ ...good, priceRetail, priceWholesale: '0,01' }).priceRetail).toBe(cents)
  })

  it.each([
    ['', null],
    ['  ', null],
    ['2,5', '2.50'],
    ['2.5', '2.50'],
    ['0,5', '0.50'],
    ['12', '12.00'],
    ['007,25', '7.25'],
    ['9999,99', '9999.99'],
  ])('reads the weight %j as %j', (weightKg, kept) => {
    expect(productSchema.parse({ ...good, weightKg }).weightKg).toBe(kept)
  })

  it('lowercases and trims the slug, accepts a wholesale price equal to the retail one and sizes up to 10000', () => {
    const parsed = productSchema.parse({ ...good, slug: ' Marmol-Blanco-2 ', priceWholesale: '24,90', widthCm: '1', heightCm: '10000' })
    expect(parsed).toMatchObject({ slug: 'marmol-blanco-2', priceWholesale: 2490, widthCm: 1, heightCm: 10000 })
  })

  it('trims names and keeps line breaks in descriptions', () => {
    const parsed = productSchema.parse({ ...good, nameEs: '  Roble  ', descriptionEs: 'Una línea.\r\nOtra.\tTabulada.' })
    expect(parsed.nameEs).toBe('Roble')
    expect(parsed.descriptionEs).toBe('Una línea.\r\nOtra.\tTabulada.')
  })
})

describe('productSchema with bad values: each names its field and its message', () => {
  it.each<[string, Partial<ProductInput>, string, string]>([
    ['a price of 0', { priceRetail: '0' }, 'priceRetail', messages.pricePositive.id],
    ['a price of 0,00', { priceRetail: '0,00' }, 'priceRetail', messages.pricePositive.id],
    ['a negative price', { priceRetail: '-1' }, 'priceRetail', messages.priceFormat.id],
    ['three decimals', { priceRetail: '12,345' }, 'priceRetail', messages.priceFormat.id],
    ['letters', { priceRetail: 'abc' }, 'priceRetail', messages.priceFormat.id],
    ['an empty price', { priceRetail: '' }, 'priceRetail', messages.priceFormat.id],
    ['thousands separators', { priceRetail: '1.000,00' }, 'priceRetail', messages.priceFormat.id],
    ['a price above 10000 €', { priceRetail: '10000,01' }, 'priceRetail', messages.priceTooHigh.id],
    ['a price of 100000 €', { priceRetail: '100000,00' }, 'priceRetail', messages.priceTooHigh.id],
    ['a wholesale price above 10000 €', { priceWholesale: '21474,84' }, 'priceWholesale', messages.priceTooHigh.id],
    ['a bad wholesale price', { priceWholesale: '0' }, 'priceWholesale', messages.pricePositive.id],
    ['a wholesale price above the retail one', { priceWholesale: '24,91' }, 'priceWholesale', messages.wholesaleAboveRetail.id],
    ['a slug with a space', { slug: 'bad slug' }, 'slug', messages.slugFormat.id],
    ['a slug with an accent', { slug: 'mármol' }, 'slug', messages.slugFormat.id],
    ['a slug with a double hyphen', { slug: 'a--b' }, 'slug', messages.slugFormat.id],
    ['a slug ending in a hyphen', { slug: 'marmol-' }, 'slug', messages.slugFormat.id],
    ['a slug with an underscore', { slug: 'marmol_blanco' }, 'slug', messages.slugFormat.id],
    ['an empty slug', { slug: '' }, 'slug', messages.slugFormat.id],
    ['a slug of 81 characters', { slug: 'a'.repeat(81) }, 'slug', messages.slugFormat.id],
    ['a width of 0', { widthCm: '0' }, 'widthCm', messages.sizeFormat.id],
    ['a width with decimals', { widthCm: '1.5' }, 'widthCm', messages.sizeFormat.id],
    ['an empty width', { widthCm: '' }, 'widthCm', messages.sizeFormat.id],
    ['a negative height', { heightCm: '-3' }, 'heightCm', messages.sizeFormat.id],
    ['a height above 10000', { heightCm: '10001' }, 'heightCm', messages.sizeFormat.id],
    ['a weight of 0', { weightKg: '0' }, 'weightKg', messages.weightFormat.id],
    ['a weight of 0,00', { weightKg: '0,00' }, 'weightKg', messages.weightFormat.id],
    ['a weight with three decimals', { weightKg: '2,505' }, 'weightKg', messages.weightFormat.id],
    ['a weight of 10000 kg', { weightKg: '10000' }, 'weightKg', messages.weightFormat.id],
    ['a weight in words', { weightKg: 'dos' }, 'weightKg', messages.weightFormat.id],
    ['an empty Spanish name', { nameEs: '' }, 'nameEs', messages.required.id],
    ['a name of 121 characters', { nameEs: 'a'.repeat(121) }, 'nameEs', messages.textTooLong.id],
    ['a name with a line break', { nameEn: 'Two\nlines' }, 'nameEn', messages.controlCharacters.id],
    ['a description of 4001 characters', { descriptionEs: 'a'.repeat(4001) }, 'descriptionEs', messages.textTooLong.id],
    ['a description with a NUL', { descriptionEs: 'a\u0000b' }, 'descriptionEs', messages.controlCharacters.id],
    ['a category that is not a uuid', { categoryId: 'marmol' }, 'categoryId', messages.categoryRequired.id],
    ['no category chosen', { categoryId: '' }, 'categoryId', messages.categoryRequired.id],
    ['a look not in the list', { look: 'granite' }, 'look', messages.attributeUnknown.id],
    ['a colour of another attribute', { colour: 'gloss' }, 'colour', messages.attributeUnknown.id],
    ['a finish in another case', { finish: 'Matte' }, 'finish', messages.attributeUnknown.id],
    ['a texture’s label instead of its value', { texture: 'Embossed' }, 'texture', messages.attributeUnknown.id],
    ['a blank attribute', { look: ' ' }, 'look', messages.attributeUnknown.id],
  ])('refuses %s', (_what, change, field, message) => {
    expect(issuesOf(productSchema.safeParse({ ...good, ...change }))).toEqual([[field, message]])
  })

  it('accepts names and descriptions at their limits', () => {
    const atLimits = { ...good, nameEs: 'a'.repeat(120), descriptionEn: 'a'.repeat(4000), slug: 'a'.repeat(80) }
    expect(productSchema.safeParse(atLimits).success).toBe(true)
  })

  it('names the highest price (in euros, for `{max, number, euros}`), which keeps a full line far from integer overflow', () => {
    const result = productSchema.safeParse({ ...good, priceRetail: '100000' })
    expect(result.success ? null : result.error.issues[0]).toMatchObject({ message: messages.priceTooHigh.id, params: { max: 10_000 } })
    expect(catalogLimits.priceCents.max * maxQuantity).toBeLessThan(2 ** 31 / 2)
  })

  it('tells the limit to the too-long message', () => {
    const result = productSchema.safeParse({ ...good, nameEs: 'a'.repeat(121) })
    expect(result.success ? null : result.error.issues[0]).toMatchObject({ code: 'too_big', maximum: 120 })
  })

  it('names every bad field at once', () => {
    const result = productSchema.safeParse({ ...good, slug: 'Bad Slug', priceRetail: 'x', widthCm: '0', nameEs: '' })
    expect(issuesOf(result).map(([field]) => field)).toEqual(['slug', 'nameEs', 'priceRetail', 'widthCm'])
  })

  it('refuses a value of the wrong type', () => {
    expect(productSchema.safeParse({ ...good, featured: 'yes' }).success).toBe(false)
    expect(productSchema.safeParse({ ...good, priceRetail: 2490 }).success).toBe(false)
    // The form sends '' for an attribute not set: null or nothing comes from elsewhere.
    expect(productSchema.safeParse({ ...good, look: null }).success).toBe(false)
    const { texture: _, ...withoutTexture } = good
    expect(productSchema.safeParse(withoutTexture).success).toBe(false)
  })
})

describe('a product’s availability: in stock, or made to order in working days', () => {
  it.each(['', '10', 'abc', '0', '61'])('keeps an in-stock product as null, whatever the days field holds (%j)', (leadTimeDays) => {
    const parsed = productSchema.parse({ ...good, availability: 'in_stock', leadTimeDays })
    expect(parsed.leadTimeDays).toBeNull()
    expect(parsed).not.toHaveProperty('availability')
  })

  it.each([
    ['10', 10],
    [' 60 ', 60],
    ['1', 1],
    ['07', 7],
  ])('keeps a product made to order in %j working days as %d', (leadTimeDays, days) => {
    const parsed = productSchema.parse({ ...good, availability: 'made_to_order', leadTimeDays })
    expect(parsed.leadTimeDays).toBe(days)
    expect(parsed).not.toHaveProperty('availability')
  })

  it.each(['0', '61', 'abc', '', '  ', '1.5', '2,5', '-3', '1e1'])('refuses %j days beside the days field, naming the limits', (leadTimeDays) => {
    const result = productSchema.safeParse({ ...good, availability: 'made_to_order', leadTimeDays })
    expect(issuesOf(result)).toEqual([['leadTimeDays', messages.leadTimeFormat.id]])
    expect(result.success ? null : result.error.issues[0]).toMatchObject({ params: { min: 1, max: 60 } })
  })

  it('names the days with the other bad fields at once (a bad price keeps the whole product’s rules from running)', () => {
    const result = productSchema.safeParse({ ...good, priceRetail: 'x', availability: 'made_to_order', leadTimeDays: '' })
    expect(issuesOf(result)).toEqual([
      ['priceRetail', messages.priceFormat.id],
      ['leadTimeDays', messages.leadTimeFormat.id],
    ])
  })

  it('refuses an availability not offered, or days that are not text, without a second message', () => {
    expect(issuesOf(productSchema.safeParse({ ...good, availability: 'soon', leadTimeDays: '' })).map(([field]) => field)).toEqual(['availability'])
    const days = productSchema.safeParse({ ...good, availability: 'made_to_order', leadTimeDays: 10 })
    expect(issuesOf(days).map(([field]) => field)).toEqual(['leadTimeDays'])
    expect(productSchema.safeParse(null).success).toBe(false)
  })

  it('lists both fields as the form’s, for its messages', () => {
    expect(productFields).toEqual(expect.arrayContaining(['availability', 'leadTimeDays']))
    expect(isProductField('availability')).toBe(true)
    expect(isProductField('leadTimeDays')).toBe(true)
    expect(emptyProduct).toMatchObject({ availability: 'in_stock', leadTimeDays: '' })
  })
})

describe('a draft and what publishing it needs', () => {
  const good = {
    ...emptyProduct,
    slug: 'panel',
    nameEs: 'Panel',
    nameEn: 'Panel',
    descriptionEs: 'Descripción.',
    descriptionEn: 'Description.',
    priceRetail: '24,90',
    priceWholesale: '18',
    featured: false,
    widthCm: '122',
    heightCm: '280',
    weightKg: '',
    categoryId: '00000000-0000-4000-8000-000000000001',
  }

  it('saves with only the Spanish name (the other texts blank, trimmed to empty)', () => {
    const draft = productSchema.parse({ ...good, nameEn: '  ', descriptionEs: '', descriptionEn: ' ' })
    expect(draft).toMatchObject({ nameEn: '', descriptionEs: '', descriptionEn: '' })
  })

  const described = { altEs: 'Panel blanco', altEn: 'White panel' }
  it.each([
    ['nothing', {}, [described], []],
    ['a picture', {}, [], ['photo']],
    ['the English name', { nameEn: '' }, [described], ['nameEn']],
    ['both descriptions and a picture', { descriptionEs: ' ', descriptionEn: '' }, [], ['descriptionEs', 'descriptionEn', 'photo']],
    [
      'every text',
      { nameEs: '', nameEn: '', descriptionEs: '', descriptionEn: '' },
      [described],
      ['nameEs', 'nameEn', 'descriptionEs', 'descriptionEn'],
    ],
    ['the second picture’s English words', {}, [described, { altEs: 'Detalle', altEn: ' ' }], ['photoAlt']],
    ['a picture’s Spanish words', {}, [{ altEs: '', altEn: 'Detail' }], ['photoAlt']],
  ] as const)('still needs %s', (_what, change, photos, missing) => {
    expect(publishProblems({ ...good, ...change, photos })).toEqual(missing)
  })
})

describe('categorySchema', () => {
  const category = { nameEs: 'Azulejo', nameEn: 'Tile', descriptionEs: 'Aspecto azulejo.', descriptionEn: 'Tile look.' }

  it('accepts good values, trimmed', () => {
    expect(categorySchema.parse({ ...category, nameEs: '  Azulejo ' })).toEqual(category)
  })

  it.each<[string, Partial<typeof category>, string, string]>([
    ['an empty Spanish name', { nameEs: '' }, 'nameEs', messages.required.id],
    ['a blank English name', { nameEn: ' ' }, 'nameEn', messages.required.id],
    ['a name of 121 characters', { nameEn: 'a'.repeat(121) }, 'nameEn', messages.textTooLong.id],
    ['a name with a tab', { nameEs: 'a\tb' }, 'nameEs', messages.controlCharacters.id],
    ['an empty description', { descriptionEs: '' }, 'descriptionEs', messages.required.id],
    ['a description of 4001 characters', { descriptionEn: 'a'.repeat(4001) }, 'descriptionEn', messages.textTooLong.id],
  ])('refuses %s', (_what, change, field, message) => {
    expect(issuesOf(categorySchema.safeParse({ ...category, ...change }))).toEqual([[field, message]])
  })
})
