import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { B2bRequestInput } from '../../../core/b2b.ts'
import { onDemand, useStandIn } from '../../lib/on-demand.ts'
import { button } from '../ui/button.css.ts'

// The form (its rules, @tanstack/react-form, the Radix dialog) downloads once the page is idle, or at
// once when the button is used first; until then the button stands alone.
const form = onDemand(() => import('./B2bRequestForm.tsx').then((module) => module.B2bRequestForm))

/** The "Request B2B access" button and the wholesale request form it opens (docs/product.md#b2b). */
export function B2bRequestDialog({ prefill }: { prefill: B2bRequestInput }) {
  const { Loaded: Form, handoff, standInProps } = useStandIn(form)
  if (Form) return <Form prefill={prefill} handoff={handoff} />
  // A link to the form's own page until the dialog's code is there: before or without JavaScript it
  // opens /b2b/request; with it, a click opens the dialog as soon as it has loaded.
  return (
    <Link
      to="/b2b/request"
      className={button({ tone: 'accent', size: 'lg' })}
      aria-haspopup="dialog"
      aria-expanded={false}
      {...standInProps}
      onClick={(event) => {
        event.preventDefault()
        standInProps.onClick()
      }}
    >
      <Trans>Request B2B access</Trans>
    </Link>
  )
}
