// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { answer, fakeTrpc, renderAtRoute, withTrpc } from '../../lib/testing.tsx'
import type { RouterOutputs } from '../../lib/trpc.ts'
import { MessagesPage } from './AdminSectionPages.tsx'
import { parseMessagesSearch } from './messages-search.ts'

afterEach(cleanup)
// The router scrolls to the top after a navigation: jsdom has no scrolling.
beforeEach(() => void vi.spyOn(window, 'scrollTo').mockImplementation(() => {}))

type Messages = RouterOutputs['admin']['messages']
type VisitorMessage = Messages['messages'][number]

const message = (id: string, more: Partial<VisitorMessage>): VisitorMessage => ({
  id,
  source: 'contact',
  status: 'new',
  name: `Visitor ${id}`,
  company: null,
  email: `${id}@example.com`,
  phone: null,
  phoneDisplay: null,
  message: `Question ${id}`,
  language: 'es',
  createdAt: '2026-11-28T09:00:00.000Z',
  ...more,
})
const pageOf = (messages: VisitorMessage[]): Messages => ({ messages, page: 1, pageSize: 25, total: messages.length, pageCount: 1 })

const waiting = message('waiting', {})
const answered = message('answered', { status: 'answered', message: 'Answered question' })
const catalog = message('catalog', { source: 'catalog_request', message: null })

/** /admin/messages first visited at `url`; the fake server filters as admin.messages does. */
function renderMessages(url: string) {
  const { client, calls } = fakeTrpc((_path, input) => {
    const { unanswered } = (input ?? {}) as { unanswered?: boolean }
    return answer(pageOf(unanswered ? [waiting] : [waiting, answered, catalog]))
  })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const { router } = renderAtRoute({
    path: '/admin/messages',
    url,
    validateSearch: parseMessagesSearch,
    page: () => <MessagesPage />,
    language: 'en',
    wrap: (routed) => withTrpc(client, routed, queryClient),
  })
  return { router, calls }
}

const heading = (name: string) => screen.findByRole('heading', { level: 2, name })

describe('/admin/messages', () => {
  it('shows only the messages to answer for ?unanswered=1, and all of them after the toggle, keeping each in the URL', async () => {
    const { router, calls } = renderMessages('/admin/messages?unanswered=1')
    await heading('Messages to answer (1)')
    expect(screen.getByText('Question waiting')).toBeTruthy()
    expect(screen.queryByText('Answered question')).toBeNull()
    expect(calls).toEqual([{ path: 'admin.messages', input: { page: 1, unanswered: true } }])

    fireEvent.click(screen.getByRole('link', { name: 'Show all messages' }))
    await heading('Messages and catalog requests (3)')
    expect(screen.getByText('Answered question')).toBeTruthy()
    expect(router.state.location.search).toEqual({})
    expect(calls.at(-1)).toEqual({ path: 'admin.messages', input: { page: 1 } })

    fireEvent.click(screen.getByRole('link', { name: 'Only messages to answer' }))
    await heading('Messages to answer (1)')
    await waitFor(() => expect(router.state.location.search).toEqual({ unanswered: true }))
    expect(router.state.location.href).toBe('/admin/messages?unanswered=true')
  })

  it('shows every message and catalog request without the filter, or with one it does not know', async () => {
    const { calls } = renderMessages('/admin/messages?unanswered=no')
    await heading('Messages and catalog requests (3)')
    expect(screen.getByText('Catalog in Spanish')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Only messages to answer' }).getAttribute('href')).toBe('/admin/messages?unanswered=true')
    expect(calls).toEqual([{ path: 'admin.messages', input: { page: 1 } }])
  })
})

describe('the messages’ URL filter', () => {
  it('reads ?unanswered=1 and ?unanswered=true as only those to answer, anything else as all', () => {
    expect(parseMessagesSearch({ unanswered: 1 })).toEqual({ unanswered: true })
    expect(parseMessagesSearch({ unanswered: true })).toEqual({ unanswered: true })
    expect(parseMessagesSearch({ unanswered: '1' })).toEqual({ unanswered: true })
    expect(parseMessagesSearch({ unanswered: 0 })).toEqual({})
    expect(parseMessagesSearch({ unanswered: false })).toEqual({})
    expect(parseMessagesSearch({ unanswered: 'no' })).toEqual({})
    expect(parseMessagesSearch({})).toEqual({})
  })
})
