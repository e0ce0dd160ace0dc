import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { formatNumber } from '../../lib/format.ts'
import { maxSideMetres, minSideMetres, panelsNeeded, parseMetres, type SideError } from '../../lib/panel-calculator.ts'
import { maxQuantity } from '../../../core/quantity.ts'
import { TextField } from '../ui/TextField.tsx'
import { button } from '../ui/button.css.ts'
import * as styles from './PanelCalculator.css.ts'

const metres = { inputMode: 'decimal', autoComplete: 'off' } as const

interface Props {
  panelWidthCm: number
  panelHeightCm: number
  onUse: (panels: number) => void
}

/** Wall or ceiling size in metres → panels needed, with an optional 10 % cutting margin (docs/product.md#catalog). */
export function PanelCalculator({ panelWidthCm, panelHeightCm, onUse }: Props) {
  const { t } = useLingui()
  const language = useLanguage()
  const headingId = useId()
  const [width, setWidth] = useState('')
  const [height, setHeight] = useState('')
  const [withMargin, setWithMargin] = useState(true)
  const [submitted, setSubmitted] = useState(false)
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

  return (
    <section className={styles.calculator} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        <Trans>How many panels do I need?</Trans>
      </h2>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          setSubmitted(true)
          if (panels !== null) onUse(panels)
        }}
      >
        <div className={styles.sides}>
          <TextField label={t`Width (m)`} {...metres} value={width} onChange={(e) => setWidth(e.target.value)} error={sideError(w)} />
          <TextField label={t`Height (m)`} {...metres} value={height} onChange={(e) => setHeight(e.target.value)} error={sideError(h)} />
        </div>
        <label className={styles.margin}>
          <input type="checkbox" checked={withMargin} onChange={(e) => setWithMargin(e.target.checked)} />
          <Trans>Add 10 % for cuts and waste</Trans>
        </label>
        <p className={styles.result} aria-live="polite">
          {panels === null ? (
            <Trans>Enter the width and height of the wall or ceiling.</Trans>
          ) : (
            <>
              {surface} m²:{' '}
              <strong>
                <Plural value={panels} one="you need # panel" other="you need # panels" />
              </strong>
            </>
          )}
        </p>
        <button type="submit" className={button({ tone: 'outline', size: 'md' })}>
          {panels === null ? <Trans>Calculate</Trans> : <Plural value={panels} one="Use # panel" other="Use # panels" />}
        </button>
      </form>
    </section>
  )
}
