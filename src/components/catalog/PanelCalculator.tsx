import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { formatNumber } from '../../lib/format.ts'
import {
  cuttingMargin,
  maxSideMetres,
  minSideMetres,
  panelsForSizes,
  panelsNeeded,
  parseMetres,
  type CalculatorSizes,
  type SideError,
} from '../../lib/panel-calculator.ts'
import { formatEuros, formatRate } from '../../../core/money.ts'
import { maxQuantity } from '../../../core/quantity.ts'
import { TextField } from '../ui/TextField.tsx'
import { keepTypedCheck, keepTypedValue } from '../ui/typed-early.ts'
import { button } from '../ui/button.css.ts'
import * as styles from './PanelCalculator.css.ts'

/** Where the page opens when the form was sent without JavaScript: at the calculator and its result. */
const calculatorAnchor = 'panel-calculator'

const metres = { inputMode: 'decimal', autoComplete: 'off' } as const

interface Props {
  panelWidthCm: number
  panelHeightCm: number
  /** The viewer's price per panel: the result says what the panels cost. */
  unitPriceCents: number
  onUse: (panels: number) => void
  /** The product page's address for the form sent without JavaScript (a GET back to the page). */
  action: string
  /** The sizes that form sent: the result is shown, and the quantity already set (by the page). */
  sent?: CalculatorSizes
}

/**
 * Wall or ceiling size in metres → panels needed, with an optional 10 % cutting margin
 * (docs/product.md#catalog). The result shows its working ("11,70 m² + 10 % = 12,87 m² → 4 paneles
 * · 396,00 €"), and "Usar 4 paneles" says beside it that the quantity above now is 4. Before or
 * without JavaScript the form asks the page again with the sizes (`sent`), which the server
 * renders with the result and the quantity set: nothing typed is a person's data, so a GET it is.
 */
export function PanelCalculator({ panelWidthCm, panelHeightCm, unitPriceCents, onUse, action, sent }: Props) {
  const { t } = useLingui()
  const language = useLanguage()
  const headingId = useId()
  const [width, setWidth] = useState(sent?.width ?? '')
  const [height, setHeight] = useState(sent?.height ?? '')
  const [withMargin, setWithMargin] = useState(sent?.withMargin ?? true)
  const [submitted, setSubmitted] = useState(sent !== undefined)
  // The panels last put into the quantity, said beside the button (the quantity field may be out of view).
  const [used, setUsed] = useState<number | null>(() => (sent ? panelsForSizes(sent, { panelWidthCm, panelHeightCm }, maxQuantity) : null))
  const min = formatNumber(minSideMetres, language, 1)
  const max = formatNumber(maxSideMetres, language)
  const messages: Record<SideError, string> = {
    required: t`Enter a size in metres`,
    invalid: t`Use a number, for example 2.5`,
    tooSmall: t`At least ${min} m`,
    tooLarge: t`At most ${max} m`,
  }
  const w = parseMetres(width)
  const h = parseMetres(height)
  // Both sides: a length in metres, its error once the visitor has asked for the result.
  const sideError = (side: ReturnType<typeof parseMetres>) => (submitted && 'error' in side ? messages[side.error] : undefined)
  const result = 'value' in w && 'value' in h ? panelsNeeded({ widthM: w.value, heightM: h.value, panelWidthCm, panelHeightCm, withMargin }) : null
  const panels = result ? Math.min(result.panels, maxQuantity) : null
  const surface = result ? formatNumber(result.surfaceM2, language, 2) : ''
  const covered = result ? formatNumber(result.coveredM2, language, 2) : ''
  const margin = formatRate(cuttingMargin * 10_000, language)
  const cost = panels === null ? '' : formatEuros(panels * unitPriceCents, language)
  const usedCost = used === null ? '' : formatEuros(used * unitPriceCents, language)

  return (
    <section id={calculatorAnchor} className={styles.calculator} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        <Trans>How many panels do I need?</Trans>
      </h2>
      <form
        className={styles.form}
        method="get"
        action={`${action}#${calculatorAnchor}`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          setSubmitted(true)
          if (panels === null) return
          onUse(panels)
          setUsed(panels)
        }}
      >
        <div className={styles.sides}>
          <TextField
            label={t`Width (m)`}
            name="width"
            {...metres}
            ref={keepTypedValue(width, setWidth)}
            value={width}
            onChange={(e) => setWidth(e.target.value)}
            error={sideError(w)}
          />
          <TextField
            label={t`Height (m)`}
            name="height"
            {...metres}
            ref={keepTypedValue(height, setHeight)}
            value={height}
            onChange={(e) => setHeight(e.target.value)}
            error={sideError(h)}
          />
        </div>
        <label className={styles.margin}>
          <input
            type="checkbox"
            name="margin"
            value="1"
            ref={keepTypedCheck(withMargin, setWithMargin)}
            checked={withMargin}
            onChange={(e) => setWithMargin(e.target.checked)}
          />
          <Trans>Add {margin} for cuts and waste</Trans>
        </label>
        <p className={styles.result} aria-live="polite">
          {panels === null ? (
            <Trans>Enter the width and height of the wall or ceiling.</Trans>
          ) : (
            <>
              {withMargin ? (
                <Trans>
                  {surface} m² + {margin} = {covered} m²
                </Trans>
              ) : (
                <>{surface} m²</>
              )}{' '}
              →{' '}
              <strong>
                <Plural value={panels} one="# panel" other="# panels" />
              </strong>{' '}
              · {cost}
            </>
          )}
        </p>
        <div className={styles.use}>
          <button type="submit" className={button({ tone: 'outline', size: 'md' })}>
            {panels === null ? <Trans>Calculate</Trans> : <Plural value={panels} one="Use # panel" other="Use # panels" />}
          </button>
          <p className={styles.used} role="status">
            {used === null ? null : (
              <Plural value={used} one={`Quantity set to # panel (${usedCost})`} other={`Quantity set to # panels (${usedCost})`} />
            )}
          </p>
        </div>
      </form>
    </section>
  )
}
