import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { createTRPCClient, httpLink, type TRPCClient } from '@trpc/client'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { i18nFor } from '../../core/i18n/catalogs.ts'
import type { Language } from '../../core/language.ts'
import type { Cart, CartLine } from './cart.ts'
import { companyUntilHydrated } from './company.ts'
import type { SiteInfo } from '../router.tsx'
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
 * A tRPC client whose server is `serve`: every call is recorded (its procedure and input: a
 * mutation's body, a query's `input` parameter), then answered with what `serve` returns for it
 * (a promise holds the answer back, to see the page while it waits).
 */
export function fakeTrpc(serve: (path: string, input: unknown) => Response | Promise<Response>) {
  const calls: Call[] = []
  const client = createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: 'http://shop.test/trpc',
        fetch: async (url, init) => {
          const address = new URL(String(url))
          const path = address.pathname.replace('/trpc/', '')
          const query = address.searchParams.get('input')
          const input: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : query !== null ? JSON.parse(query) : undefined
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

/**
 * Renders `page` as the page of a route at `path` ('/admin/verifactu'), its search checked by
 * `validateSearch` as the app's route does, first visited at `url`: the page's route API
 * (getRouteApi) answers, its links resolve and its navigations land. Returns the router, whose
 * location says where the page went.
 */
export function renderAtRoute({
  path,
  url = path,
  validateSearch,
  page,
  language,
  wrap = (router) => router,
}: {
  path: string
  url?: string
  validateSearch?: (search: Record<string, unknown>) => object
  page: () => ReactNode
  language: Language
  wrap?: (router: ReactNode) => ReactNode
}) {
  const rootRoute = createRootRoute()
  const route = createRoute({ getParentRoute: () => rootRoute, path, ...(validateSearch ? { validateSearch } : {}), component: page })
  // The site's facts as a page's first render has them (the app's router context gives them to every route).
  const site: SiteInfo = { publicUrl: 'http://localhost', testPayments: false, company: companyUntilHydrated, postedForm: null, formKey: '' }
  const router = createRouter({
    routeTree: rootRoute.addChildren([route]),
    history: createMemoryHistory({ initialEntries: [url] }),
    context: { site },
  })
  const view = render(<I18nProvider i18n={i18nFor(language)}>{wrap(<RouterProvider router={router} />)}</I18nProvider>)
  return { router, ...view }
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
    photo: null,
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

/**
 * A cart as the server answers it: the count and subtotal of its lines still sold and, for a buyer
 * under the recargo de equivalencia, `surcharge` on top of the subtotal in the total.
 */
export function cartOf(
  items: CartLine[],
  surcharge: Cart['surcharge'] = null,
  delivery: Cart['delivery'] = { fromCents: 0, free: true, postalCode: null, estimate: null },
): Cart {
  const orderable = items.filter((item) => item.available)
  const subtotalCents = orderable.reduce((sum, item) => sum + item.lineTotalCents, 0)
  return {
    items,
    count: orderable.reduce((sum, item) => sum + item.quantity, 0),
    subtotalCents,
    surcharge,
    totalCents: subtotalCents + (surcharge?.cents ?? 0),
    delivery,
  }
}
