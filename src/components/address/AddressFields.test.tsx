// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { Suspense } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { answer, cartLine, cartOf, fakeTrpc, renderAtRoute, withTrpc } from '../../lib/testing.tsx'
import { emptyShipping } from '../../../core/shipping.ts'
import { CheckoutPage } from '../checkout/CheckoutPage.tsx'
import { ProfileForm } from '../account/ProfileForm.tsx'
import { addressFieldOrder } from './AddressFields.tsx'

afterEach(cleanup)

// What the server's list says of the codes these tests type (server/services/postcodes.ts).
const postcodes: Record<string, { known: boolean; province: string | null; towns: string[]; names: string[] }> = {
  '03181': { known: true, province: 'Alicante', towns: ['Torrevieja'], names: ['Torrevieja'] },
  '28013': { known: true, province: 'Madrid', towns: ['Madrid'], names: ['Madrid'] },
  '03999': { known: false, province: 'Alicante', towns: [], names: [] },
}

function postcodeAnswer(input: unknown) {
  const { postalCode } = input as { postalCode: string }
  return answer({ postalCode, ...(postcodes[postalCode] ?? { known: false, province: null, towns: [], names: [] }) })
}

const profile = { name: 'Nuria Sanz', email: 'nuria@example.com', emailVerified: true, phone: '', company: '', address: null }

async function renderProfile() {
  const { calls, client } = fakeTrpc((path, input) => {
    if (path === 'address.postcode') return postcodeAnswer(input)
    if (path === 'account.update') return answer(profile)
    return answer(null)
  })
  renderAtRoute({ path: '/account', page: () => <ProfileForm profile={profile} />, language: 'en', wrap: (router) => withTrpc(client, router) })
  await screen.findByLabelText('Postal code')
  return calls
}

/** The names of the address's inputs, in the page's order. */
const addressNames = () =>
  [...document.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input[name], select[name]')]
    .map((element) => element.name)
    .filter((name): name is (typeof addressFieldOrder)[number] => (addressFieldOrder as readonly string[]).includes(name))

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label)

describe('<AddressFields> in /account', () => {
  it('fills the province from the postal code and offers its town', async () => {
    await renderProfile()
    fireEvent.change(input('Postal code'), { target: { value: '03181' } })
    expect(input('Province').value).toBe('Alicante')
    await waitFor(() => expect(input('City').value).toBe('Torrevieja'))
    expect(screen.getByText('Postal code 03181: Torrevieja')).toBeTruthy()
  })

  it('does not write the town under the shopper’s caret: it waits until they leave the field empty', async () => {
    await renderProfile()
    fireEvent.change(input('Postal code'), { target: { value: '03181' } })
    // The shopper moves to the town before the list answers.
    input('City').focus()
    await screen.findByText('Postal code 03181: Torrevieja')
    expect(input('City').value).toBe('')
    fireEvent.blur(input('City'))
    await waitFor(() => expect(input('City').value).toBe('Torrevieja'))
  })

  it('names a town that is not the code’s, and sends the address once the shopper confirms it', async () => {
    const calls = await renderProfile()
    fireEvent.change(input('Address'), { target: { value: 'Calle Mayor 5' } })
    fireEvent.change(input('City'), { target: { value: 'Torrevieja' } })
    fireEvent.blur(input('City'))
    fireEvent.change(input('Postal code'), { target: { value: '28013' } })
    expect(input('Province').value).toBe('Madrid')
    const objection =
      'The postal code 28013 is that of Madrid, not Torrevieja. Check both; if they are right, tick "The postal code and town are right".'
    expect((await screen.findAllByText(objection)).length).toBeGreaterThan(0)
    fireEvent.click(screen.getByRole('button', { name: 'Save my details' }))
    // Refused beside the town until confirmed: nothing is sent.
    await waitFor(() => expect(input('City').getAttribute('aria-invalid')).toBe('true'))
    expect(calls.filter((call) => call.path === 'account.update')).toHaveLength(0)
    fireEvent.click(screen.getByLabelText('The postal code and town are right'))
    fireEvent.click(screen.getByRole('button', { name: 'Save my details' }))
    await waitFor(() => expect(calls.filter((call) => call.path === 'account.update')).toHaveLength(1))
    expect(calls.find((call) => call.path === 'account.update')?.input).toMatchObject({
      address: { postal_code: '28013', city: 'Torrevieja', state: 'Madrid' },
      addressConfirmed: true,
    })
  })

  it('names a postal code Spain’s list lacks', async () => {
    await renderProfile()
    fireEvent.change(input('Postal code'), { target: { value: '03999' } })
    expect(
      await screen.findByText(
        'The postal code 03999 is not in our list of Spanish postal codes. Check it; if it is right, tick "The postal code and town are right".',
      ),
    ).toBeTruthy()
    expect(screen.getByLabelText('The postal code and town are right')).toBeTruthy()
  })
})

describe('checkout and /account', () => {
  it('show the address’s fields in the same order', async () => {
    await renderProfile()
    const account = addressNames()
    cleanup()
    const { client } = fakeTrpc((path, input) => {
      if (path === 'cart.get') return answer(cartOf([cartLine('a', 'Panel A', 1, 8000, true)]))
      if (path === 'checkout.prefill') return answer(emptyShipping)
      if (path === 'checkout.billing') return answer({ saved: null, wholesale: null })
      if (path === 'checkout.delivery') return answer([])
      if (path === 'address.postcode') return postcodeAnswer(input)
      return answer(null)
    })
    renderAtRoute({
      path: '/checkout',
      page: () => (
        <Suspense>
          <CheckoutPage />
        </Suspense>
      ),
      language: 'en',
      wrap: (router) => withTrpc(client, router),
    })
    await screen.findByLabelText('Postal code')
    expect(addressNames()).toEqual(addressFieldOrder)
    expect(account).toEqual(addressFieldOrder)
  })
})
