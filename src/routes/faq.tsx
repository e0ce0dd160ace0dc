import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ContentPage, contentHead } from '../components/ui/ContentPage.tsx'
import { hydrateLater } from '../lib/hydrate-later.tsx'

const title = msg`Frequently asked questions`
// Its accordion's code comes after the first download; the server renders it in full (lib/hydrate-later.tsx).
const content = hydrateLater(() => import('../content/legal/FaqContent.tsx').then((module) => module.FaqContent))
const FaqContent = content.Component

export const Route = createFileRoute('/faq')({
  loader: async () => {
    await content.preload()
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
