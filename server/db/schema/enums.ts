import { pgEnum } from 'drizzle-orm/pg-core'
import { invoiceTypes } from '../../../core/invoices.ts'
import { languages } from '../../../core/language.ts'
import { orderStatuses, orderTimelineTypes, paymentStatuses } from '../../../core/order-flow.ts'

export const languageEnum = pgEnum('language', languages)
export const roleEnum = pgEnum('app_role', ['admin', 'b2b'])
export const contactSourceEnum = pgEnum('contact_source', ['b2b_request', 'b2b', 'contact', 'catalog_request'])
export const contactStatusEnum = pgEnum('contact_status', ['new', 'approved', 'pending_manual_approval', 'rejected', 'revoked', 'answered'])
export const orderStatusEnum = pgEnum('order_status', orderStatuses)
export const paymentStatusEnum = pgEnum('payment_status', paymentStatuses)
export const testSessionStatusEnum = pgEnum('test_session_status', ['open', 'complete', 'expired'])
export const orderEventTypeEnum = pgEnum('order_event_type', orderTimelineTypes)
export const invoiceKindEnum = pgEnum('invoice_kind', ['invoice', 'corrective'])
export const invoiceTypeEnum = pgEnum('invoice_type', invoiceTypes)
export const verifactuRecordKindEnum = pgEnum('verifactu_record_kind', ['alta', 'anulacion'])
export const verifactuServiceEnum = pgEnum('verifactu_service', ['test', 'production'])
