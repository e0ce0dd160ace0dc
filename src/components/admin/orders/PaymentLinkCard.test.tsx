// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderInLanguage } from '../../../../tests/helpers/render.tsx'
import { answer, fakeTrpc, withTrpc } from '../../../lib/testing.tsx'
import { toast } from '../../../lib/toast.ts'
import { PaymentLinkCard } from './PaymentLinkCard.tsx'

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

afterEach(cleanup)
beforeEach(() => {
  vi.mocked(toast.success).mockClear()
  vi.mocked(toast.error).mockClear()
})

const orderId = '00000000-0000-4000-8000-000000000042'
const link = { paymentUrl: 'https://shop.test/payment-link?token=abc', payableUntil: '2026-12-05T10:00:00.000Z' }

function renderCard(paymentLink: typeof link | null) {
  const { client, calls } = fakeTrpc((path) => answer(path === 'admin.orders.paymentLink' ? paymentLink : { ok: true }))
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const view = renderInLanguage(withTrpc(client, <PaymentLinkCard orderId={orderId} customerEmail="lucia@example.com" />, queryClient), 'en')
  return { calls, ...view }
}

describe('<PaymentLinkCard>', () => {
  it('shows the link until when it can be paid, copies it and emails it again', async () => {
    const writeText = vi.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const { calls } = renderCard(link)
    const input = await screen.findByLabelText<HTMLInputElement>('Link to pay the order')
    expect(input.value).toBe(link.paymentUrl)
    expect(input.readOnly).toBe(true)
    expect(screen.getByText(/^Valid until 5 Dec 2026/)).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Payment link copied'))
    expect(writeText).toHaveBeenCalledWith(link.paymentUrl)

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send the link again' }))
    })
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('The payment link was sent again to lucia@example.com'))
    expect(calls.find((call) => call.path === 'admin.orders.sendPaymentLink')?.input).toEqual({ id: orderId })
  })

  it('shows nothing once the order no longer waits for payment', async () => {
    const { calls, container } = renderCard(null)
    await waitFor(() => expect(calls.map((call) => call.path)).toEqual(['admin.orders.paymentLink']))
    expect(container.textContent).toBe('')
  })
})
