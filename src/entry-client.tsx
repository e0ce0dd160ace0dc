// Development: React's hot-update runtime (server-rendered pages have no index.html for Vite to
// add it to); nothing in a production build.
import '@vitejs/plugin-react/preamble'
// Latin-only faces of the two web fonts (the root route preloads the same files).
import './styles/fonts.css'
import { setupI18n } from '@lingui/core'
import { RouterClient } from '@tanstack/react-router/ssr/client'
import { createTRPCClient, httpBatchLink } from '@trpc/client'
import { startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { loadCatalog } from '../core/i18n/load-catalog.ts'
import { companyUntilHydrated } from './lib/company.ts'
import type { AppRouter } from './lib/trpc.ts'
import { createAppRouter, createQueryClient } from './router.tsx'
import { defaultLanguage, isLanguage } from '../core/language.ts'
import { followLanguageOfUrl, rememberLanguage } from './i18n/language-routing.ts'

// The server rendered the page in one language and said which on <html lang>: load that catalog
// before hydrating so the first client render matches the HTML.
const htmlLang = document.documentElement.lang
const language = isLanguage(htmlLang) ? htmlLang : defaultLanguage
// API answers and emails follow the page being read (docs/product.md#language).
rememberLanguage(language)
const i18n = setupI18n({ locale: language, messages: { [language]: await loadCatalog(language) } })
// Long batches are split before the URL outgrows what the server accepts (its maxParamLength).
const trpcClient = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: '/trpc', maxURLLength: 4000 })] })
// The server's own values replace these while hydrating (router.tsx).
const router = createAppRouter({
  queryClient: createQueryClient(),
  trpcClient,
  i18n,
  site: { publicUrl: window.location.origin, testPayments: false, company: companyUntilHydrated, postedForm: null, formKey: '' },
})

followLanguageOfUrl(router, i18n)

// As a transition, hydration works in slices that yield to the browser (taps, paints) instead of
// one long task: on a phone the page answers sooner after its code arrives (TBT, docs/decisions/017).
startTransition(() => {
  hydrateRoot(document, <RouterClient router={router} />)
})
