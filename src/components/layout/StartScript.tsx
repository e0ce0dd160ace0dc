import { use } from 'react'
import { startCode, StartAssetsContext } from '../../lib/start-script.ts'

/** The inline script that fetches and starts the page's code (src/lib/start-script.ts). */
export function StartScript() {
  const assets = use(StartAssetsContext)
  return (
    <script
      // The browser renders no assets: it adopts the server's element as it is.
      suppressHydrationWarning
      nonce={assets?.nonce}
      data-entry={assets?.entry}
      data-preload={assets?.preloads.join(' ')}
      dangerouslySetInnerHTML={{ __html: startCode }}
    />
  )
}
