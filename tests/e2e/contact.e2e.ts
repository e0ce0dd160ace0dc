import { describe, expect, inject, it } from 'vitest'
import { browserPerFile, expectAccessible, newPage, visit } from './browser.ts'

// docs/product.md#forms: a visitor's message reaches the company; the form says what to fix first.
const session = browserPerFile({ baseURL: inject('baseUrl'), reducedMotion: 'reduce' })

describe('the catalog by email', () => {
  it('says Enviando... while it works, confirms, clears the form and opens the PDF in a new tab', async () => {
    const { page, problems } = await newPage(session.context)
    // Slow the request down a little so the working state can be seen.
    await page.route('**/trpc/forms.requestCatalog**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400))
      await route.continue()
    })
    await visit(page, '/catalog')
    const form = page.getByRole('form', { name: 'Descargue el catálogo' })
    await form.getByLabel('Nombre').fill('Ana Ruiz')
    await form.getByLabel('Correo electrónico').fill('ana@example.com')
    const opened = session.context.waitForEvent('page')
    await form.getByRole('button', { name: 'Enviarme el catálogo' }).click()
    const busy = form.getByRole('button', { name: 'Enviando...' })
    await busy.waitFor()
    expect(await busy.isDisabled()).toBe(true)
    await expect.poll(() => page.getByText('¡Catálogo enviado! Revise su email.').isVisible()).toBe(true)
    expect(await form.getByLabel('Nombre').inputValue()).toBe('')
    const tab = await opened
    await expect.poll(() => tab.url()).toContain('/catalog.pdf?lang=es')
    await expectAccessible(page, '/catalog')
    expect(problems).toEqual([])
  })
})

describe('the contact form', () => {
  it('explains a missing message, then sends, confirms with the spec’s toast and clears the form', async () => {
    const { page, problems } = await newPage(session.context)
    await visit(page, '/contact')
    const form = page.getByRole('form', { name: 'Escríbanos' })
    await form.getByLabel('Nombre', { exact: true }).fill('Lucía Pérez')
    await form.getByLabel('Correo electrónico').fill('lucia@example.com')
    await form.getByRole('button', { name: 'Enviar mensaje' }).click()
    const message = form.getByLabel('Mensaje')
    await expect.poll(() => message.getAttribute('aria-invalid')).toBe('true')
    expect(await form.textContent()).toContain('Escriba su mensaje')
    await expectAccessible(page, '/contact with an error')

    await message.fill('¿Tienen el mármol Carrara en 2,60 m?')
    expect(await form.textContent()).toContain('36 / 2000 caracteres')
    await form.getByRole('button', { name: 'Enviar mensaje' }).click()
    await expect.poll(() => page.getByText('Mensaje enviado correctamente. Le contactaremos pronto.').isVisible()).toBe(true)
    await expect.poll(() => message.inputValue()).toBe('')
    expect(await form.getByLabel('Nombre', { exact: true }).inputValue()).toBe('')
    await expectAccessible(page, '/contact')
    expect(problems).toEqual([])
  })

  it('speaks English on the English page', async () => {
    const { page, problems } = await newPage(session.context)
    await visit(page, '/en/contact')
    const form = page.getByRole('form', { name: 'Write to us' })
    await form.getByLabel('Name', { exact: true }).fill('Tom Baker')
    await form.getByLabel('Email').fill('tom@example.com')
    await form.getByLabel('Message').fill('Do you ship to Mallorca?')
    await form.getByRole('button', { name: 'Send message' }).click()
    await expect.poll(() => page.getByText("Message sent successfully. We'll contact you soon.").isVisible()).toBe(true)
    expect(problems).toEqual([])
  })
})
