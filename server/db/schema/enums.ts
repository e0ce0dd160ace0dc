import { pgEnum } from 'drizzle-orm/pg-core'
import { deliveryMethods, deliveryZones } from '../../../core/delivery.ts'
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
/** How a message to the AEAT went: on its way (or its sender died), answered, refused whole (a SOAP fault), or never answered. */
export const verifactuSubmissionOutcomeEnum = pgEnum('verifactu_submission_outcome', ['sending', 'answered', 'fault', 'failed'])
/**
 * The AEAT's answer for one record (docs/decisions/028): accepted (Correcto, or a duplicate of a
 * record this shop sent before), accepted with errors, rejected (Incorrecto), or a conflict (a
 * duplicate of a record this shop never sent: the AEAT holds another record of that invoice).
 */
export const verifactuAnswerStateEnum = pgEnum('verifactu_answer_state', ['accepted', 'accepted_with_errors', 'rejected', 'conflict'])
export const deliveryMethodEnum = pgEnum('delivery_method', deliveryMethods)
export const deliveryZoneEnum = pgEnum('delivery_zone', deliveryZones)
