import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../lib/seo.ts'
import { hydrateLater } from '../lib/hydrate-later.tsx'

// The page's code (its forms) comes after the first download: the server renders it in full
// (lib/hydrate-later.tsx).
const page = hydrateLater(() => import('../components/admin/AdminVerifactu.tsx').then((module) => module.AdminVerifactu))
const AdminVerifactu = page.Component

/** The owner's VERI*FACTU downloads (docs/decisions/028): the invoice book, the records for an inspection, the declaración responsable. */
export const Route = createFileRoute('/admin/verifactu')({
  // No admin data to load: the files come from the server's own addresses (server/http/verifactu.ts).
  loader: () => page.preload(),
  head: ({ match }) =>
    pageHead(match.context, {
      title: match.context.i18n._(msg`Hacienda (VERI*FACTU)`),
      description: match.context.i18n._(msg`The register of issued invoices and the billing records for Hacienda.`),
      path: '/admin/verifactu',
    }),
  component: AdminVerifactu,
})
