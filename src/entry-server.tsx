import { loadedOnServer } from './lib/hydrate-later.tsx'
import { type StartAssets, StartAssetsContext } from './lib/start-script.ts'
import { createRequestHandler, renderRouterToString, RouterServer } from '@tanstack/react-router/ssr/server'
import { createTRPCClient, unstable_localLink } from '@trpc/client'
import type { AppRouter } from './lib/trpc.ts'
import { createAppRouter, createQueryClient } from './router.tsx'
import type { Company } from '../core/company.ts'
import type { PostedForm } from '../core/posted-form.ts'
import type { Language } from '../core/language.ts'
import type { Context } from '../server/trpc.ts'
import { i18nFor } from '../core/i18n/catalogs.ts'

/** URLs of the client build's entry script, its stylesheets and the chunks it imports. */
export interface ClientAssets {
  script: string
  css: string[]
  /** What every page preloads: the entry's static imports. */
  preloads: string[]
  /** What a page preloads besides, by route id: the chunks of that route's components. */
  routePreloads: Record<string, string[]>
}

export interface RenderOptions {
  request: Request
  language: Language
  publicUrl: string
  assets: ClientAssets
  /** The server's router and request context: loaders call procedures in-process. */
  router: AppRouter
  createContext: () => Promise<Context>
  /** Content-Security-Policy nonce for the page's inline scripts. */
  nonce: string
  /** Payments are simulated by the built-in test provider: every page says so. */
  testPayments: boolean
  /** The company's facts from the server's environment (never compiled into the client). */
  company: Company
  /** A form posted before the page's script ran, refused: the page shows it again with why (core/posted-form.ts). */
  postedForm?: PostedForm
}

/** Renders one page to a complete HTML response (status 404 for unknown pages and products). */
export async function render(opts: RenderOptions): Promise<Response> {
  // The parts hydrated later are rendered in full here: their code must be loaded first.
  await loadedOnServer()
  const handler = createRequestHandler({
    request: opts.request,
    createRouter: () => {
      const trpcClient = createTRPCClient<AppRouter>({
        links: [unstable_localLink({ router: opts.router, createContext: opts.createContext })],
      })
      const i18n = i18nFor(opts.language)
      return createAppRouter({
        queryClient: createQueryClient(),
        trpcClient,
        i18n,
        site: {
          publicUrl: opts.publicUrl,
          testPayments: opts.testPayments,
          company: opts.company,
          postedForm: opts.postedForm ?? null,
          formKey: crypto.randomUUID(),
        },
        nonce: opts.nonce,
      })
    },
    // The page names its code on its start script instead (src/lib/start-script.ts): the manifest
    // gives only the stylesheets.
    getRouterManifest: () => ({ routes: { __root__: { css: opts.assets.css } } }),
  })
  return handler(({ router, responseHeaders }) => {
    const routeIds = router.state.matches.map((match) => match.routeId)
    const start: StartAssets = {
      entry: opts.assets.script,
      preloads: [...new Set([...opts.assets.preloads, ...routeIds.flatMap((routeId) => opts.assets.routePreloads[routeId] ?? [])])],
      nonce: opts.nonce,
    }
    return renderRouterToString({
      router,
      responseHeaders,
      children: (
        <StartAssetsContext value={start}>
          <RouterServer router={router} />
        </StartAssetsContext>
      ),
    })
  })
}
