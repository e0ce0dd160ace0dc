import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { InvoiceType } from '../../../../core/invoices.ts'
import type { VerifactuRecordState } from '../../../../core/verifactu.ts'
import type { BadgeTone } from '../../../lib/order-status.ts'

// How the owner reads a VERI*FACTU record (/admin/verifactu): where it stands with the AEAT and the
// invoice it records. The states' labels carry a context: a record (registro) is masculine in
// Spanish, where the admin's other "Rejected" (a wholesale request, solicitud) is feminine.

export const recordStateLabels: Record<VerifactuRecordState, MessageDescriptor> = {
  pending: msg({ message: 'Pending', context: 'VERI*FACTU record' }),
  accepted: msg({ message: 'Accepted', context: 'VERI*FACTU record' }),
  accepted_with_errors: msg({ message: 'Accepted with errors', context: 'VERI*FACTU record' }),
  rejected: msg({ message: 'Rejected', context: 'VERI*FACTU record' }),
  conflict: msg({ message: 'Conflict', context: 'VERI*FACTU record' }),
}

/**
 * A state's badge: green once the AEAT accepted a record, amber when it accepted it with errors, red
 * when it refused it or holds another version, grey while it has not answered.
 */
export const recordStateTones: Record<VerifactuRecordState, BadgeTone> = {
  pending: 'neutral',
  accepted: 'good',
  accepted_with_errors: 'warn',
  rejected: 'bad',
  conflict: 'bad',
}

/** A mark beside each state's label, so the states differ by shape as well as by colour (and the two red ones apart). */
export const recordStateMarks: Record<VerifactuRecordState, string> = {
  pending: '○',
  accepted: '✓',
  accepted_with_errors: '!',
  rejected: '✕',
  conflict: '≠',
}

/** The AEAT's invoice types (core/invoices.ts) as the owner knows them. */
export const invoiceTypeLabels: Record<InvoiceType, MessageDescriptor> = {
  F1: msg`Full invoice`,
  F2: msg`Simplified invoice`,
  F3: msg`Full invoice replacing a simplified one`,
  R1: msg`Corrective invoice`,
  R5: msg`Corrective invoice`,
}
