import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ContentPage, contentHead } from '../components/ui/ContentPage.tsx'
import { hydrateLater } from '../lib/hydrate-later.tsx'
import { loadDeliverySummary } from '../lib/delivery.ts'

const title = msg`Frequently asked questions`
// Its accordion's code comes after the first download; the server renders it in full (lib/hydrate-later.tsx).
const content = hydrateLater(() => import('../content/legal/FaqContent.tsx').then((module) => module.FaqContent))
const FaqContent = content.Component

export const Route = createFileRoute('/faq')({
  // The delivery answer says what the owner's rates are.
  loader: async ({ context }) => {
    await Promise.all([content.preload(), loadDeliverySummary(context)])
  },
  head: contentHead({
    path: '/faq',
    title,
    description: msg`Answers about panel sizes, installation, cleaning, delivery, payment and wholesale accounts.`,
  }),
  component: FaqPage,
})

function FaqPage() {
  return <ContentPage title={title} Content={FaqContent} />
}
