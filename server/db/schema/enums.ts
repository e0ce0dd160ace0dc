import { pgEnum } from 'drizzle-orm/pg-core'
import { languages } from '../../../core/language.ts'

export const languageEnum = pgEnum('language', languages)
export const roleEnum = pgEnum('app_role', ['admin', 'b2b'])
export const contactSourceEnum = pgEnum('contact_source', ['b2b_request', 'b2b', 'contact', 'catalog_request'])
export const contactStatusEnum = pgEnum('contact_status', ['new', 'approved', 'pending_manual_approval', 'rejected', 'revoked', 'answered'])
export const orderStatusEnum = pgEnum('order_status', ['pending', 'confirmed', 'cancelled'])
export const paymentStatusEnum = pgEnum('payment_status', ['pending', 'paid', 'failed', 'refunded'])
export const testSessionStatusEnum = pgEnum('test_session_status', ['open', 'complete', 'expired'])
