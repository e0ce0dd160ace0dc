// The hashed URLs of the web fonts' files (the same files fonts.css declares: Vite emits each once).
// They are subsets of the @fontsource-variable files, made by scripts/subset-fonts.sh.
import interLatin from '../assets/fonts/inter-latin-wght-normal.woff2?url'
import playfairLatin from '../assets/fonts/playfair-display-latin-wght-normal.woff2?url'

/**
 * Preloads of the two fonts every first view uses (body text and headings), so they arrive with the
 * CSS instead of after the layout. Fonts are fetched in CORS mode, hence `crossOrigin`.
 */
export const fontPreloads = [interLatin, playfairLatin].map((href) => ({
  rel: 'preload',
  as: 'font',
  type: 'font/woff2',
  crossOrigin: 'anonymous' as const,
  href,
}))
