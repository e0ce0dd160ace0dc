import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css.ts'
import { notice as priceChangeNotice } from './UnitPrice.css.ts'

/** The price-change notice it stands beside, in the danger tone: this total cannot be paid as it is. */
export const notice = style([priceChangeNotice, { background: vars.color.dangerSoft, color: vars.color.danger }])
