import { hydrateLater } from '../../lib/hydrate-later.tsx'

/** The WhatsApp button, rendered by the server; its code (the keep-clear watcher) comes after the first download. */
export const WhatsAppButton = hydrateLater(() => import('./WhatsAppButton.tsx').then((module) => module.WhatsAppButton)).Component
