import { setupI18n, type I18n, type Messages } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { I18nProvider } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { renderToStaticMarkup } from 'react-dom/server'
import { messages as enMessages } from '../i18n/locales/en.po'
import { messages as esMessages } from '../i18n/locales/es.po'
import { formatEuros } from '../lib/format.ts'
import type { PostalAddress } from '../../core/address.ts'
import { company } from '../../core/company.ts'
import type { Language } from '../../core/language.ts'

const catalogs: Record<Language, Messages> = { es: esMessages, en: enMessages }

export interface OrderEmailData {
  orderNumber: string
  customerName: string
  language: Language
  items: ReadonlyArray<{ productName: string; quantity: number; unitPriceCents: number; subtotalCents: number }>
  subtotalCents: number
  totalCents: number
  shippingAddress: PostalAddress
}

export interface RenderedEmail {
  subject: string
  html: string
  text: string
}

function addressLines(a: PostalAddress): string[] {
  return [a.line1, a.line2, `${a.postal_code} ${a.city}`, a.state, a.country].filter((line): line is string => Boolean(line))
}

// Inline styles: email clients ignore stylesheets.
const cell = { padding: '8px 0', borderBottom: '1px solid #e3dccf' } as const

function OrderConfirmationEmail({ order, i18n }: { order: OrderEmailData; i18n: I18n }) {
  const euros = (cents: number) => formatEuros(cents, order.language)
  const name = order.customerName
  const number = order.orderNumber
  const total = euros(order.totalCents)
  return (
    <I18nProvider i18n={i18n}>
      <div style={{ fontFamily: 'Helvetica, Arial, sans-serif', color: '#1c1a17', maxWidth: 600, margin: '0 auto' }}>
        <h1 style={{ fontFamily: 'Georgia, serif', fontWeight: 600 }}>{company.name}</h1>
        <p>
          <Trans>Hello {name},</Trans>
        </p>
        <p>
          <Trans>
            Thank you for your order. We have received your payment and your order <strong>{number}</strong> is confirmed.
          </Trans>
        </p>
        <table style={{ width: '100%', borderCollapse: 'collapse' }}>
          <thead>
            <tr>
              <th style={{ ...cell, textAlign: 'left' }}>
                <Trans>Product</Trans>
              </th>
              <th style={{ ...cell, textAlign: 'right' }}>
                <Trans>Quantity</Trans>
              </th>
              <th style={{ ...cell, textAlign: 'right' }}>
                <Trans>Total</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item, index) => (
              <tr key={index}>
                <td style={cell}>{item.productName}</td>
                <td style={{ ...cell, textAlign: 'right' }}>
                  {item.quantity} × {euros(item.unitPriceCents)}
                </td>
                <td style={{ ...cell, textAlign: 'right' }}>{euros(item.subtotalCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p style={{ textAlign: 'right', fontSize: 18 }}>
          <strong>
            <Trans>Total (VAT included): {total}</Trans>
          </strong>
        </p>
        <h2 style={{ fontFamily: 'Georgia, serif', fontWeight: 600, fontSize: 18 }}>
          <Trans>Shipping address</Trans>
        </h2>
        <p>
          {name}
          {addressLines(order.shippingAddress).map((line) => (
            <span key={line}>
              <br />
              {line}
            </span>
          ))}
        </p>
        <p>
          <Trans>We will contact you to arrange delivery. For any question, reply to this email or call us.</Trans>
        </p>
        <p style={{ color: '#5c564d', fontSize: 13 }}>
          {company.legalName} · {company.email} · {company.phone}
        </p>
      </div>
    </I18nProvider>
  )
}

/** The order confirmation email in the order's language (PRODUCT.md §2, §6). */
export function renderOrderConfirmation(order: OrderEmailData): RenderedEmail {
  const i18n = setupI18n({ locale: order.language, messages: { [order.language]: catalogs[order.language] } })
  const euros = (cents: number) => formatEuros(cents, order.language)
  const number = order.orderNumber
  const subject = i18n._(msg`Order confirmation ${number}`)
  const html = `<!doctype html><html lang="${order.language}"><head><meta charset="utf-8"><title>${subject}</title></head><body>${renderToStaticMarkup(<OrderConfirmationEmail order={order} i18n={i18n} />)}</body></html>`
  const name = order.customerName
  const total = euros(order.totalCents)
  const text = [
    i18n._(msg`Hello ${name},`),
    '',
    i18n._(msg`Thank you for your order. We have received your payment and your order ${number} is confirmed.`),
    '',
    ...order.items.map((item) => `- ${item.productName}: ${item.quantity} × ${euros(item.unitPriceCents)} = ${euros(item.subtotalCents)}`),
    '',
    i18n._(msg`Total (VAT included): ${total}`),
    '',
    i18n._(msg`Shipping address`),
    name,
    ...addressLines(order.shippingAddress),
    '',
    company.legalName,
  ].join('\n')
  return { subject, html, text }
}

export type OrderConfirmationRenderer = typeof renderOrderConfirmation
