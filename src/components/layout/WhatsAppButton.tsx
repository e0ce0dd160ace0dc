import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useLocation } from '@tanstack/react-router'
import { useCompany } from '../../lib/company.ts'
import { pick } from '../../lib/format.ts'
import { useTRPC } from '../../lib/trpc.ts'
import * as styles from './WhatsAppButton.css.ts'
import { useOverContent } from './keep-clear.ts'
import { useRef } from 'react'
import { isSlug } from '../../lib/url-identifiers.ts'

/** wa.me with a prefilled message (docs/product.md#catalog): in the page's language, naming the product on its page. */
export function whatsappUrl(whatsappDigits: string, message: string) {
  return `https://wa.me/${whatsappDigits}?text=${encodeURIComponent(message)}`
}

/**
 * `floating`: the bubble in the corner of wide screens, stepping aside while content is under it;
 * `header`: an icon in the nav on narrower screens, where a bubble would always cover something.
 */
export function WhatsAppButton({ placement = 'floating' }: { placement?: 'floating' | 'header' }) {
  const ref = useRef<HTMLAnchorElement>(null)
  const { i18n, t } = useLingui()
  const trpc = useTRPC()
  const company = useCompany()
  const pathname = useLocation({ select: (location) => location.pathname })
  const overContent = useOverContent(ref, pathname, placement === 'floating')
  const segment = /^\/product\/([^/]+)$/.exec(pathname)?.[1]
  const productSlug = isSlug(segment) ? segment : undefined
  const product = useQuery({ ...trpc.catalog.product.queryOptions({ slug: productSlug ?? '' }), enabled: productSlug !== undefined })
  const productName = productSlug && product.data ? pick(i18n.locale, product.data.nameEs, product.data.nameEn) : undefined
  const message = productName
    ? t`Hello, I am interested in the panel “${productName}”. Could you give me more information?`
    : t`Hello, I am interested in your decorative panels. Could you give me more information?`
  return (
    <a
      ref={ref}
      className={placement === 'floating' ? styles.button : styles.inHeader}
      data-over-content={placement === 'floating' ? overContent : undefined}
      href={whatsappUrl(company.whatsappDigits, message)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t`Chat with us on WhatsApp`}
    >
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M16 3C9 3 3.3 8.6 3.3 15.6c0 2.4.7 4.7 1.9 6.7L3 29l6.9-2.2c1.9 1 4 1.6 6.1 1.6 7 0 12.7-5.7 12.7-12.7S23 3 16 3zm0 23.1c-1.9 0-3.8-.5-5.4-1.5l-.4-.2-4.1 1.3 1.3-4-.3-.4c-1.1-1.7-1.7-3.6-1.7-5.6C5.4 9.8 10.2 5.1 16 5.1s10.6 4.7 10.6 10.5S21.8 26.1 16 26.1zm5.8-7.8c-.3-.2-1.9-.9-2.2-1-.3-.1-.5-.2-.7.2-.2.3-.8 1-1 1.2-.2.2-.4.2-.7.1-.3-.2-1.3-.5-2.5-1.6-.9-.8-1.6-1.8-1.7-2.1-.2-.3 0-.5.1-.6l.5-.6c.2-.2.2-.3.3-.5.1-.2.1-.4 0-.6-.1-.2-.7-1.7-1-2.3-.3-.6-.5-.5-.7-.5h-.6c-.2 0-.5.1-.8.4-.3.3-1 1-1 2.5s1.1 2.9 1.2 3.1c.2.2 2.1 3.3 5.2 4.6.7.3 1.3.5 1.7.6.7.2 1.4.2 1.9.1.6-.1 1.9-.8 2.1-1.5.3-.7.3-1.4.2-1.5-.1-.1-.3-.2-.6-.4z"
        />
      </svg>
    </a>
  )
}
