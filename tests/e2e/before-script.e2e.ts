import type { BrowserContext, BrowserContextOptions, Page, Route } from 'playwright-core'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { seedProducts } from '../../server/db/seed-data.ts'
import { browserPerFile, expectAccessible, hydrated, newPage } from './browser.ts'
import { euros, signUp } from './helpers.ts'
import { panelsNeeded } from '../../src/lib/panel-calculator.ts'

// docs/product.md#forms: nothing typed before the page's script runs is lost, and add-to-cart and
// the phone's menu work before and without JavaScript. A slow phone is a throttled context (the
// network and CPU of the review); the page's scripts are held back until the typing is done,
// so the typing surely happens before hydration, then let through.
const baseUrl = inject('baseUrl')
const session = browserPerFile({ baseURL: baseUrl, reducedMotion: 'reduce' })
const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, baseURL: baseUrl, reducedMotion: 'reduce' } as const
const product = seedProducts.find((p) => p.categorySlug === 'marmol')!

const contexts: BrowserContext[] = []
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close()
})
/** A browser context closed after the test, whatever its outcome. */
async function open(options: BrowserContextOptions): Promise<BrowserContext> {
  const context = await session.browser.newContext(options)
  contexts.push(context)
  return context
}

/** A phone on a slow network (400 kbit/s, 400 ms) with a CPU four times slower. */
async function slowPhone(context: BrowserContext): Promise<{ page: Page; problems: string[] }> {
  const { page, problems } = await newPage(context)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: (400 * 1024) / 8,
    uploadThroughput: (400 * 1024) / 8,
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  return { page, problems }
}

/** Hydration on a throttled phone of a busy 2-core machine takes longer than the usual 30 s wait allows. */
const slowlyHydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 90_000 })

/** Holds the page's scripts back until `release()` is called: the page is the server's HTML until then. */
async function holdScripts(page: Page) {
  const held: Route[] = []
  let released = false
  await page.route(/\.js(\?|$)/, (route) => (released ? route.continue() : void held.push(route)))
  return async () => {
    released = true
    for (const route of held.splice(0)) await route.continue()
  }
}

describe('typed on a slow phone before the page has loaded', () => {
  it('the product quantity counts: the total and the cart say 3 panels', async () => {
    const context = await open(phone)
    const { page, problems } = await slowPhone(context)
    const release = await holdScripts(page)
    await page.goto(`/product/${product.slug}`, { waitUntil: 'domcontentloaded' })
    await page.getByLabel('Cantidad (paneles)').fill('3')
    await release()
    await slowlyHydrated(page)
    expect(await page.getByLabel('Cantidad (paneles)').inputValue()).toBe('3')
    await expect.poll(() => page.getByTestId('buy-box').getByText('Total:').textContent()).toContain(euros(3 * product.priceRetailCents, 'es'))
    // With the script, the button keeps its drawer and toast.
    await page.getByRole('button', { name: 'Añadir al carrito' }).click()
    await expect.poll(() => page.getByText('Añadido al carrito').last().isVisible(), { timeout: 30_000 }).toBe(true)
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('3')
    expect(problems).toEqual([])
  }, 150_000)

  it('an early tap on "Añadir al carrito" is not lost: it posts and the cart page shows the 3 panels', async () => {
    const context = await open(phone)
    const { page, problems } = await slowPhone(context)
    const release = await holdScripts(page)
    await page.goto(`/product/${product.slug}`, { waitUntil: 'domcontentloaded' })
    await page.getByLabel('Cantidad (paneles)').fill('3')
    const answer = page.waitForResponse((res) => res.request().isNavigationRequest() && res.request().method() === 'POST')
    await page.getByRole('button', { name: 'Añadir al carrito' }).click()
    expect((await answer).status()).toBe(303)
    await page.waitForURL('**/cart')
    await release()
    await expect.poll(() => page.getByTestId('cart-page-lines').textContent(), { timeout: 30_000 }).toContain('3 paneles')
    expect(problems).toEqual([])
  }, 150_000)

  it('checkout keeps the name and email typed before it loaded, and "Proceder al pago" does not empty them', async () => {
    const context = await open(phone)
    // A cart to check out, through the product page's form (as a browser posts it).
    const added = await context.request.post(`/product/${product.slug}`, {
      form: { productId: await productId(context), quantity: '2' },
      headers: { origin: baseUrl },
      maxRedirects: 0,
    })
    expect(added.status()).toBe(303)
    const { page, problems } = await slowPhone(context)
    // An earlier visit in this tab left a draft (src/lib/checkout-draft.ts): what is typed now wins over it.
    await page.addInitScript(() =>
      sessionStorage.setItem(
        'checkout-draft',
        JSON.stringify({ key: '6f1c8a2e-4b3d-4e5f-9a7b-1c2d3e4f5a6b', values: { full_name: 'Nombre de antes' } }),
      ),
    )
    const release = await holdScripts(page)
    await page.goto('/checkout', { waitUntil: 'domcontentloaded' })
    await page.getByLabel('Nombre completo').fill('Marta Gómez')
    await page.getByLabel('Correo electrónico', { exact: true }).fill('marta.early@example.com')
    await release()
    await slowlyHydrated(page)
    await page.getByRole('button', { name: 'Proceder al pago' }).click()
    // The other fields are empty, so the form stops there; the two typed ones stand.
    await expect.poll(() => page.getByLabel('Dirección', { exact: true }).getAttribute('aria-invalid'), { timeout: 30_000 }).toBe('true')
    expect(await page.getByLabel('Nombre completo').inputValue()).toBe('Marta Gómez')
    expect(await page.getByLabel('Correo electrónico', { exact: true }).inputValue()).toBe('marta.early@example.com')
    expect(await page.getByLabel('Nombre completo').getAttribute('aria-invalid')).toBeNull()
    expect(await page.getByLabel('Correo electrónico', { exact: true }).getAttribute('aria-invalid')).toBeNull()
    expect(problems).toEqual([])
  }, 150_000)
})

async function productId(context: BrowserContext): Promise<string> {
  const res = await context.request.get('/trpc/catalog.products')
  const body = (await res.json()) as { result: { data: Array<{ slug: string; id: string }> } }
  const found = body.result.data.find((p) => p.slug === product.slug)
  if (!found) throw new Error(`no product ${product.slug}`)
  return found.id
}

describe('with JavaScript off, on a phone', () => {
  it('the menu opens and leads to the shop; 3 panels go into the cart, shown on the cart page', async () => {
    const context = await open({ ...phone, javaScriptEnabled: false })
    const { page, problems } = await newPage(context)
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Móvil' })
    expect(await nav.isVisible()).toBe(false)
    await page.getByLabel('Abrir menú').click()
    await nav.getByRole('link', { name: 'Tienda' }).click()
    await page.waitForURL('**/shop')

    await page.goto(`/product/${product.slug}`)
    await page.getByLabel('Cantidad (paneles)').fill('3')
    await page.getByRole('button', { name: 'Añadir al carrito' }).click()
    await page.waitForURL('**/cart')
    expect(await page.locator('h1').textContent()).toBe('Su carrito')
    expect(await page.getByTestId('cart-page-lines').textContent()).toContain('3 paneles')
    expect(await page.getByTestId('cart-page-total').textContent()).toBe(euros(3 * product.priceRetailCents, 'es'))
    // The header's cart button is a link to this page.
    expect(await page.getByRole('link', { name: /^Carrito, 3 paneles/ }).getAttribute('href')).toBe('/cart')
    // Its lines change here too: a quantity typed and "Actualizar", then "Eliminar".
    const lineName = product.nameEs
    await page.getByLabel(`Cantidad de ${lineName}`).fill('5')
    await page.getByRole('button', { name: 'Actualizar' }).click()
    await expect.poll(() => page.getByTestId('cart-page-total').textContent()).toBe(euros(5 * product.priceRetailCents, 'es'))
    expect(await page.getByLabel(`Cantidad de ${lineName}`).inputValue()).toBe('5')
    await page.getByRole('button', { name: `Eliminar ${lineName}` }).click()
    await expect.poll(() => page.getByText('Su carrito está vacío.').isVisible()).toBe(true)
    expect(problems).toEqual([])
  })

  it('the panel calculator sets the quantity that goes into the cart; the showroom map opens', async () => {
    const context = await open({ ...phone, javaScriptEnabled: false })
    const { page, problems } = await newPage(context)
    await page.goto(`/product/${product.slug}`)
    const calculator = page.getByRole('region', { name: '¿Cuántos paneles necesito?' })
    await calculator.getByLabel('Ancho (m)').fill('3,9')
    await calculator.getByLabel('Alto (m)').fill('3')
    await calculator.getByRole('button', { name: 'Calcular' }).click()
    const panels = panelsNeeded({ widthM: 3.9, heightM: 3, panelWidthCm: product.widthCm, panelHeightCm: product.heightCm, withMargin: true }).panels
    await page.waitForURL((url) => url.searchParams.get('width') === '3,9' && url.hash === '#panel-calculator')
    expect(await page.getByRole('region', { name: '¿Cuántos paneles necesito?' }).getByRole('status').textContent()).toContain(
      `Cantidad: ${panels} paneles`,
    )
    expect(await page.getByLabel('Cantidad (paneles)').inputValue()).toBe(String(panels))
    await page.getByRole('button', { name: 'Añadir al carrito' }).click()
    await page.waitForURL('**/cart')
    expect(await page.getByTestId('cart-page-lines').textContent()).toContain(`${panels} paneles`)

    // The map's own site is not reachable from here: its frame gets a page of ours.
    await page.route('https://www.openstreetmap.org/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>OSM</title>' }),
    )
    await page.goto('/contact')
    expect(await page.locator('iframe').count()).toBe(0)
    await page.getByRole('link', { name: 'Mostrar mapa' }).click()
    await page.waitForURL((url) => url.searchParams.get('map') === '1')
    expect(await page.locator('iframe').getAttribute('src')).toContain('https://www.openstreetmap.org/export/embed.html')
    expect(problems).toEqual([])
  })

  it('a quantity out of range says why in English, and nothing is added', async () => {
    const context = await open({ ...phone, javaScriptEnabled: false })
    const { page } = await newPage(context)
    await page.goto(`/en/product/${product.slug}`)
    await page.getByLabel('Quantity (panels)').fill('1000')
    await page.getByRole('button', { name: 'Add to cart' }).click()
    await expect.poll(() => page.locator('h1').textContent()).toBe('The panels were not added to your cart')
    expect(await page.locator('main').textContent()).toContain('Enter a whole number of panels from 1 to 999')
    await page.getByRole('link', { name: 'Back to the page' }).click()
    await page.waitForURL(`**/en/product/${product.slug}`)
    await page.goto('/en/cart')
    expect(await page.getByText('Your cart is empty.').isVisible()).toBe(true)
  })
})

describe('the contact and catalog forms before and without JavaScript', () => {
  it('with JavaScript off, a wrong email comes back beside its field with what was typed; fixed, the message is sent', async () => {
    const context = await open({ ...phone, javaScriptEnabled: false })
    const { page, problems } = await newPage(context)
    await page.goto('/en/contact')
    await page.getByLabel('Name').fill('Emma Walker')
    await page.getByLabel('Email').fill('emma@')
    await page.getByLabel('Phone (optional)').fill('+44 7700 900123')
    await page.getByLabel('Message').fill('Do you deliver 30 wood panels to Orihuela Costa?')
    await page.getByRole('button', { name: 'Send message' }).click()
    const email = page.getByLabel('Email')
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true')
    expect(await page.getByText('Invalid email address').isVisible()).toBe(true)
    // The field to fix has the keyboard; the rest is as typed.
    expect(await email.evaluate((input) => input === document.activeElement)).toBe(true)
    expect(await page.getByLabel('Name').inputValue()).toBe('Emma Walker')
    expect(await page.getByLabel('Message').inputValue()).toBe('Do you deliver 30 wood panels to Orihuela Costa?')
    await email.fill('emma.walker@example.com')
    await page.getByRole('button', { name: 'Send message' }).click()
    await page.waitForURL('**/en/contact?sent=1')
    expect(await page.getByRole('status').filter({ hasText: 'Message sent successfully' }).isVisible()).toBe(true)
    // The browser reports the refused post's answer (400) in its console; nothing else.
    expect(problems.filter((problem) => !problem.includes('status of 400'))).toEqual([])
  })

  it('with JavaScript off, the catalog is sent and the page links to the PDF', async () => {
    const context = await open({ ...phone, javaScriptEnabled: false })
    const { page, problems } = await newPage(context)
    await page.goto('/catalog')
    await page.getByLabel('Nombre').fill('Marta Gómez')
    await page.getByLabel('Correo electrónico').fill('marta.catalog@example.com')
    await page.getByRole('button', { name: 'Enviarme el catálogo' }).click()
    await page.waitForURL('**/catalog?sent=1')
    const sent = page.getByRole('status').filter({ hasText: '¡Catálogo enviado! Revise su email.' })
    expect(await sent.getByRole('link', { name: 'Abrir el catálogo (PDF)' }).getAttribute('href')).toBe('/catalog.pdf?lang=es')
    expect(problems).toEqual([])
  })

  it('sent before the script ran and refused, the page that answers keeps the values and messages once its script runs', async () => {
    const context = await open(phone)
    const { page, problems } = await newPage(context)
    const release = await holdScripts(page)
    await page.goto('/contact', { waitUntil: 'domcontentloaded' })
    await page.getByLabel('Nombre').fill('Marta Gómez')
    await page.getByLabel('Correo electrónico').fill('marta.early@example.com')
    const answer = page.waitForResponse((res) => res.request().isNavigationRequest() && res.request().method() === 'POST')
    await page.getByRole('button', { name: 'Enviar mensaje' }).click()
    expect((await answer).status()).toBe(400)
    await release()
    await hydrated(page)
    const message = page.getByLabel('Mensaje')
    expect(await message.getAttribute('aria-invalid')).toBe('true')
    expect(await page.getByText('Escriba su mensaje').isVisible()).toBe(true)
    expect(await page.getByLabel('Nombre').inputValue()).toBe('Marta Gómez')
    await expectAccessible(page, 'the contact page refused without script')
    // Now the page's script sends it.
    await message.fill('¿Tienen muestras del mármol Calacatta?')
    await page.getByRole('button', { name: 'Enviar mensaje' }).click()
    await expect.poll(() => page.getByText('Mensaje enviado correctamente').isVisible()).toBe(true)
    expect(await page.getByLabel('Nombre').inputValue()).toBe('')
    expect(problems.filter((problem) => !problem.includes('status of 400'))).toEqual([])
  })
})

describe('signing in without JavaScript', () => {
  it('a wrong password is said beside it with the address kept; the right one leads to the account', async () => {
    const email = `no-script-${Date.now()}@example.com`
    const password = 'Olas de coral bajo la luna 77'
    const withScript = await open({ baseURL: baseUrl, reducedMotion: 'reduce' })
    await signUp((await newPage(withScript)).page, { name: 'Emma Walker', email, password })

    const context = await open({ ...phone, javaScriptEnabled: false })
    const { page, problems } = await newPage(context)
    await page.goto('/en/auth?redirect=%2Faccount')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill('not-the-password-1')
    await page.getByRole('button', { name: 'Sign in' }).click()
    const passwordField = page.getByLabel('Password')
    await expect.poll(() => passwordField.getAttribute('aria-invalid')).toBe('true')
    expect(await page.getByText('Invalid email or password').isVisible()).toBe(true)
    expect(await page.getByLabel('Email').inputValue()).toBe(email)
    expect(await passwordField.inputValue()).toBe('')
    await passwordField.fill(password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL('**/en/account')
    expect(await page.locator('main').textContent()).toContain(email)
    expect(problems.filter((problem) => !problem.includes('status of 401'))).toEqual([])
  })
})

describe('checkout without JavaScript', () => {
  it('a wrong email comes back beside its field with all that was typed; fixed, "Proceder al pago" opens the payment page', async () => {
    const context = await open({ ...phone, javaScriptEnabled: false })
    const { page, problems } = await newPage(context)
    await page.goto(`/product/${product.slug}`)
    await page.getByLabel('Cantidad (paneles)').fill('2')
    await page.getByRole('button', { name: 'Añadir al carrito' }).click()
    await page.waitForURL('**/cart')
    await page.goto('/checkout')
    const typed = {
      'Nombre completo': 'Marta Gómez',
      'Correo electrónico': 'marta@',
      Teléfono: '+44 7700 900123',
      Dirección: 'Calle Mayor 12',
      'Código postal': '03181',
      Ciudad: 'Torrevieja',
    }
    for (const [label, value] of Object.entries(typed)) await page.getByLabel(label, { exact: true }).fill(value)
    await page.getByRole('button', { name: 'Proceder al pago' }).click()
    const email = page.getByLabel('Correo electrónico', { exact: true })
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true')
    expect(await page.getByText('Correo electrónico no válido').isVisible()).toBe(true)
    expect(await email.evaluate((input) => input === document.activeElement)).toBe(true)
    for (const [label, value] of Object.entries(typed)) expect(await page.getByLabel(label, { exact: true }).inputValue()).toBe(value)
    // The province comes from the postal code, as the page's script would have filled it.
    expect(await page.getByLabel('Provincia', { exact: true }).inputValue()).toBe('Alicante')
    await email.fill('marta.sin-script@example.com')
    await page.getByRole('button', { name: 'Proceder al pago' }).click()
    await page.waitForURL('**/test-payment/**')
    expect(await page.locator('h1').textContent()).toBe('Pago con tarjeta')
    expect(await page.locator('main').textContent()).toContain(euros(2 * product.priceRetailCents, 'es'))
    expect(problems.filter((problem) => !problem.includes('status of 400'))).toEqual([])
  })

  it('refused before the script ran, the checkout keeps what was typed and why once its script runs, and passes axe', async () => {
    const context = await open(phone)
    const { page, problems } = await newPage(context)
    await page.goto(`/product/${product.slug}`)
    await hydrated(page)
    await page.getByRole('button', { name: 'Añadir al carrito' }).click()
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1')
    const release = await holdScripts(page)
    await page.goto('/checkout', { waitUntil: 'domcontentloaded' })
    await page.getByLabel('Nombre completo').fill('Marta Gómez')
    await page.getByLabel('Correo electrónico', { exact: true }).fill('marta.refused@example.com')
    const answer = page.waitForResponse((res) => res.request().isNavigationRequest() && res.request().method() === 'POST')
    await page.getByRole('button', { name: 'Proceder al pago' }).click()
    expect((await answer).status()).toBe(400)
    await release()
    await hydrated(page)
    const phoneField = page.getByLabel('Teléfono', { exact: true })
    expect(await phoneField.getAttribute('aria-invalid')).toBe('true')
    expect(await page.getByLabel('Nombre completo').inputValue()).toBe('Marta Gómez')
    expect(await page.getByLabel('Correo electrónico', { exact: true }).inputValue()).toBe('marta.refused@example.com')
    await expectAccessible(page, 'the checkout refused without script')
    expect(problems.filter((problem) => !problem.includes('status of 400'))).toEqual([])
  })
})

describe('accessibility (axe needs script)', () => {
  it('the cart page and the phone menu opened as a disclosure pass axe', async () => {
    const context = await open(phone)
    const { page, problems } = await newPage(context)
    await page.goto(`/product/${product.slug}`)
    await hydrated(page)
    await page.getByRole('button', { name: 'Añadir al carrito' }).click()
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1')
    await page.goto('/cart')
    await hydrated(page)
    await expectAccessible(page, 'the cart page')
    // With the script, "Actualizar" changes the line in place.
    await page.getByLabel(`Cantidad de ${product.nameEs}`).fill('4')
    await page.getByRole('button', { name: 'Actualizar' }).click()
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('4')
    expect(new URL(page.url()).pathname).toBe('/cart')
    // The disclosure as it opens without script (with script the button opens the sheet instead).
    await page.locator('details:has(summary[aria-label="Abrir menú"])').evaluate((details) => details.setAttribute('open', ''))
    await expectAccessible(page, 'the phone menu without script')
    expect(problems).toEqual([])
  })
})
