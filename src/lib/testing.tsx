import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { createTRPCClient, httpLink, type TRPCClient } from '@trpc/client'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { i18nFor } from '../../core/i18n/catalogs.ts'
import type { Language } from '../../core/language.ts'
import type { CartLine } from './cart.ts'
import { TRPCProvider, type AppRouter } from './trpc.ts'

// What the components' tests share (the whole suite's helpers are in tests/helpers/). Only tests import it.

/** A call the fake server received: the procedure and its input. */
export interface Call {
  path: string
  input: unknown
}

/** A JSON answer of the fake server, with its HTTP status. */
export const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** A procedure's successful answer. */
export const answer = (data: unknown) => reply(200, { result: { data } })

/**
 * A tRPC client whose server is `serve`: every call is recorded (its procedure and input), then
 * answered with what `serve` returns for it.
 */
export function fakeTrpc(serve: (path: string, input: unknown) => Response) {
  const calls: Call[] = []
  const client = createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: 'http://shop.test/trpc',
        fetch: async (url, init) => {
          const path = new URL(String(url)).pathname.replace('/trpc/', '')
          const input: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
          calls.push({ path, input })
          return serve(path, input)
        },
      }),
    ],
  })
  return { client, calls }
}

/** `ui` with React Query and the tRPC client, as the app provides them. */
export function withTrpc(client: TRPCClient<AppRouter>, ui: ReactNode, queryClient = new QueryClient()) {
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={client} queryClient={queryClient}>
        {ui}
      </TRPCProvider>
    </QueryClientProvider>
  )
}

/**
 * Renders `page` as the page of a router at `path` (so its links resolve), in a fresh Lingui
 * instance in `language`; `wrap` adds providers around the router (a tRPC client).
 */
export function renderAsPage(page: () => ReactNode, language: Language, path = '/', wrap = (router: ReactNode) => router) {
  const router = createRouter({ routeTree: createRootRoute({ component: page }), history: createMemoryHistory({ initialEntries: [path] }) })
  return render(<I18nProvider i18n={i18nFor(language)}>{wrap(<RouterProvider router={router} />)}</I18nProvider>)
}

/** A line of a cart as the server answers it: `id` names the product, Spanish name `Panel <id>`. */
export function cartLine(
  id: string,
  nameEn: string,
  quantity: number,
  unitPriceCents: number,
  available: boolean,
  more: Partial<CartLine> = {},
): CartLine {
  return {
    id,
    productId: `product-${id}`,
    slug: id,
    imageKey: null,
    imageId: null,
    nameEs: `Panel ${id}`,
    nameEn,
    quantity,
    unitPriceCents,
    previousUnitPriceCents: null,
    lineTotalCents: quantity * unitPriceCents,
    available,
    ...more,
  }
}
