import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../lib/seo.ts'
import { hydrateLater } from '../lib/hydrate-later.tsx'
import { verifactuCode } from '../components/admin/verifactu/page-code.ts'
import { parseVerifactuSearch } from '../components/admin/verifactu/verifactu-search.ts'

// The page's code (its records table, filters and loader, its download forms) comes after the first
// download: the server renders it in full (lib/hydrate-later.tsx).
const page = hydrateLater(() => verifactuCode().then((module) => module.AdminVerifactu))
const AdminVerifactu = page.Component

/**
 * The owner's VERI*FACTU page (docs/decisions/028): the records and the AEAT's answers, their filters
 * in the URL so a link (the admin's notice) or Back brings them along; the invoice book, the
 * records for an inspection, the declaración responsable.
 */
export const Route = createFileRoute('/admin/verifactu')({
  validateSearch: parseVerifactuSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const [module] = await Promise.all([verifactuCode(), page.preload()])
    await module.loadVerifactu(context, deps)
  },
  head: ({ match }) =>
    pageHead(match.context, {
      title: match.context.i18n._(msg`Hacienda (VERI*FACTU)`),
      description: match.context.i18n._(msg`The register of issued invoices and the billing records for Hacienda.`),
      path: '/admin/verifactu',
    }),
  component: AdminVerifactu,
})
