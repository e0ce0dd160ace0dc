import type { ReactNode } from 'react'
import type { RecipeVariants } from '@vanilla-extract/recipes'
import { button } from './button.css.ts'

/** A form's submit button: disabled while the form works, saying so ('Enviando...', …). */
export function SubmitButton({
  working,
  workingLabel,
  children,
  ...variants
}: NonNullable<RecipeVariants<typeof button>> & { working: boolean; workingLabel: ReactNode; children: ReactNode }) {
  return (
    <button type="submit" className={button(variants)} disabled={working}>
      {working ? workingLabel : children}
    </button>
  )
}
