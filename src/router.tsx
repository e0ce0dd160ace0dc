import type { I18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import type { TRPCClient } from '@trpc/client'
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query'
import type { ReactNode } from 'react'
import { PageLoading } from './components/PageLoading.tsx'
import { httpStatusOf, TRPCProvider, type AppRouter, type Trpc } from './lib/trpc.ts'
import { routeTree } from './routeTree.gen.ts'
import { languageRewrite } from './i18n/language-routing.ts'
import { stringifySearch } from './lib/search-params.ts'
import type { Company } from '../core/company.ts'
import type { PostedForm } from '../core/posted-form.ts'
import { defaultLanguage, isLanguage } from '../core/language.ts'

/** Facts about the site that the server knows and the browser must agree on during hydration. */
export interface SiteInfo {
  publicUrl: string
  /** The built-in test provider takes the payments (development, or a staging shop): a banner says so. */
  testPayments: boolean
  /**
   * The company's facts from the server's COMPANY_* variables: they travel with each page's HTML so
   * one client build serves any deployment. Read them with useCompany() (lib/company.ts).
   */
  company: Company
  /**
   * A form the server refused when it was posted before the page's script ran, with what was typed
   * and why (core/posted-form.ts): only on the page that answers that post. Read it with
   * usePostedForm() (lib/posted-form.ts).
   */
  postedForm: PostedForm | null
  /**
   * A fresh random key made for each render on the server: the checkout's key when its form is
   * posted without the script (server/http/checkout-form.ts). Empty in the browser until hydrated.
   */
  formKey: string
}

export interface RouterContext {
  queryClient: QueryClient
  trpc: Trpc
  i18n: I18n
  site: SiteInfo
}

/** A 4xx answer (not found, bad input, refused) will not change on retry; a network or 5xx may. */
function retryServerErrorsOnce(failureCount: number, error: unknown) {
  const status = httpStatusOf(error)
  if (status !== undefined && status < 500) return false
  return failureCount < 1
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // Data rendered on the server stays fresh through hydration instead of refetching at once.
      queries: { staleTime: 30_000, retry: retryServerErrorsOnce, refetchOnWindowFocus: false },
    },
  })
}

export function createAppRouter(opts: { queryClient: QueryClient; trpcClient: TRPCClient<AppRouter>; i18n: I18n; site: SiteInfo; nonce?: string }) {
  const { queryClient, trpcClient, i18n, site } = opts
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient })
  const router = createRouter({
    routeTree,
    context: { queryClient, trpc, i18n, site },
    scrollRestoration: true,
    defaultPreload: 'intent',
    defaultPendingComponent: PageLoading,
    defaultPendingMs: 300,
    stringifySearch,
    // English pages live under /en/ on the same routes (docs/product.md#language).
    rewrite: languageRewrite(isLanguage(i18n.locale) ? i18n.locale : defaultLanguage),
    // The server's inline hydration scripts carry the response's CSP nonce.
    ...(opts.nonce ? { ssr: { nonce: opts.nonce } } : {}),
    Wrap: ({ children }: { children: ReactNode }) => (
      <I18nProvider i18n={i18n}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          {children}
        </TRPCProvider>
      </I18nProvider>
    ),
    dehydrate: (): SiteInfo => ({ ...site }),
    hydrate: (data: SiteInfo) => {
      Object.assign(site, data)
    },
  })
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
