import { pageBody } from '../../styles/primitives.css.ts'

export const body = pageBody
