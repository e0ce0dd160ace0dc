import { invoicingHalt, invoicingStopped } from '../services/verifactu/halt.ts'
import { z } from 'zod'
import { markAnswered, visitorMessages } from '../services/forms.ts'
import { adminOrderDetail, listAllOrders } from '../services/orders/views.ts'
import { approvedB2bUsers, approveB2bRequest, pendingB2bRequests, rejectB2bRequest, revokeB2bAccess } from '../services/b2b.ts'
import { setEquivalenceSurcharge } from '../services/equivalence-surcharge.ts'
import { currentDeliverySettings, saveDeliverySettings } from '../services/delivery.ts'
import { deliverySettingsSchema } from '../../core/delivery-settings.ts'
import { deliveryMethods } from '../../core/delivery.ts'
import { adminSummary } from '../services/admin-summary.ts'
import { keptBackups, type BackupFile } from '../services/backups.ts'
import { AppError } from '../errors.ts'
import { orderCall, roleProcedure, router } from '../trpc.ts'
import { billingSchema } from '../../core/billing.ts'
import { invoiceNumberPattern } from '../../core/invoices.ts'
import { accountIdSchema, orderIdSchema } from '../../core/identifiers.ts'
import { messages } from '../../core/messages.ts'
import { plainText } from '../../core/text.ts'
import { paymentFilters, statusFilters } from '../../core/order-flow.ts'
import { withdrawalFilters } from '../../core/withdrawal.ts'
import { refundRequestSchema } from '../../core/refunds.ts'
import { phoneOrderPriceSchema, phoneOrderSchema } from '../../core/phone-orders.ts'
import { shipmentSchema } from '../../core/shipment.ts'
import { checkoutShippingSchema, shippingDraft } from '../../core/shipping.ts'
import { verifactuRecordStates } from '../../core/verifactu.ts'
import { categorySchema, photoTextsSchema, productSchema } from '../../core/catalog-admin.ts'
import {
  createCategory,
  createProduct,
  getAdminProduct,
  listAdminCategories,
  listAdminProducts,
  moveCategory,
  removeCategory,
  setProductArchived,
  setProductPublished,
  updateCategory,
  updateProduct,
  type Actor,
} from '../services/catalog-admin.ts'
import { adminPageMax } from '../../core/admin-lists.ts'
import { productPreview } from '../services/catalog.ts'
import { removePhoto, reorderPhotos, setPhotoTexts } from '../services/media/product-photos.ts'
import { maxProductPhotos } from '../../core/pictures.ts'
import { certificateWarningDays, daysLeft } from '../services/verifactu/certificate.ts'
import { recordCorrection } from '../services/verifactu/chain.ts'
import { retrySending, serviceShown, verifactuAttention, verifactuRecordsPage } from '../services/verifactu/overview.ts'

/** Every procedure here is for admins only: the role is checked on the server, per call. */
const adminProcedure = roleProcedure('admin')

const backupView = (file: BackupFile) => ({ name: file.name, bytes: file.bytes, createdAt: file.createdAt.toISOString() })

/** The embedded database's backups: the shop's daily ones, and one now on demand. */
const adminBackupsRouter = router({
  list: adminProcedure.query(({ ctx }) => ({
    byTheShop: ctx.services.backups.byTheShop,
    keep: keptBackups,
    files: ctx.services.backups.list().map(backupView),
  })),
  create: adminProcedure.mutation(async ({ ctx }) => {
    if (!ctx.services.backups.byTheShop) throw new AppError('CONFLICT', messages.backupsByPostgres)
    return backupView(await ctx.services.backups.create())
  }),
})

/**
 * Whether the VERI*FACTU records reach the AEAT (docs/decisions/028): every admin page says so
 * when they do not (VERIFACTU off, no certificate) and when the certificate is about to expire.
 */
const adminVerifactuRouter = router({
  status: adminProcedure.query(async ({ ctx }) => {
    const { mode, certificate } = ctx.services.verifactuSending
    return {
      mode,
      sending: certificate !== null,
      certificate: certificate
        ? { subject: certificate.subject, expiresAt: certificate.notAfter.toISOString(), daysLeft: daysLeft(certificate, new Date()) }
        : null,
      warnFromDays: certificateWarningDays,
      // What needs the owner: rejected or conflicting records, records unanswered for over a day.
      attention: mode === 'off' ? null : await verifactuAttention(ctx.db, mode, new Date()),
      // Invoicing stopped until an admin reconciles (a restore, a conflict), and why.
      halt: mode === 'off' ? null : await invoicingHalt(ctx.db, mode),
    }
  }),
  /** The records of the service in use, newest first, with the AEAT's answers; by state and month. */
  records: adminProcedure
    .input(
      z.object({
        state: z.enum(verifactuRecordStates).optional(),
        month: z
          .string()
          .regex(/^\d{4}-(0[1-9]|1[0-2])$/, messages.monthInvalid.id)
          .optional(),
        page: z.number().int().min(1).max(adminPageMax).default(1),
      }),
    )
    .query(({ ctx, input }) => verifactuRecordsPage(ctx.db, serviceShown(ctx.services.verifactuSending.mode), input)),
  /**
   * Corrects a record the AEAT did not take (docs/decisions/028) with a new record of the same
   * invoice, sent like any other: a subsanación of a registro de alta it rejected or accepted with
   * errors (`unregisteredBuyer` names a Spanish NIF the AEAT's census does not hold as such, IDOtro
   * 07), or the anulación again after it rejected one (`unregisteredBuyer` says nothing of it). The
   * record itself never changes.
   */
  correct: adminProcedure.input(z.object({ id: z.uuid(), unregisteredBuyer: z.boolean().default(false) })).mutation(async ({ ctx, input }) => {
    const result = await ctx.db.transaction(async (tx) => {
      if (await invoicingStopped(tx, ctx.services.invoicing.verifactu)) throw new AppError('CONFLICT', messages.invoicingHalted)
      return recordCorrection(tx, input.id, ctx.services.invoicing.verifactu, new Date(), { unregisteredBuyer: input.unregisteredBuyer })
    })
    if (result.kind === 'notCorrectable') throw new AppError('CONFLICT', messages.verifactuNotCorrectable)
    if (result.kind === 'noSpanishNif') throw new AppError('BAD_REQUEST', messages.verifactuNoSpanishNif)
    if (result.kind === 'altaPending') throw new AppError('CONFLICT', messages.verifactuAltaPending)
    const { record } = result
    ctx.log.info(
      { invoice: record.invoiceNumber, position: record.position, kind: record.kind, admin: ctx.user.id },
      record.kind === 'alta' ? 'VERI*FACTU: a subsanación record was made' : 'VERI*FACTU: a new registro de anulación was made after a rejection',
    )
    return { invoiceNumber: record.invoiceNumber, position: record.position, kind: record.kind }
  }),
  /**
   * Invoicing goes on after the admin reconciled what stopped it (docs/decisions/030); the orders
   * paid or refunded meanwhile get their invoices now, in the order they were paid.
   */
  resume: adminProcedure.mutation(({ ctx }) => ctx.services.orders.resumeInvoicing(orderCall(ctx, 'admin'))),
  /** "Reintentar ahora": the waiting records go at the sender's next pass (an AEAT-given wait is kept). */
  retry: adminProcedure.mutation(async ({ ctx }) => {
    const { mode, certificate } = ctx.services.verifactuSending
    if (mode === 'off' || !certificate) throw new AppError('CONFLICT', messages.verifactuNotSending)
    return retrySending(ctx.db, mode, new Date())
  }),
})

const requestId = z.object({ id: z.uuid() })

const orderFilters = z
  .object({
    page: z.number().int().min(1).max(adminPageMax).default(1),
    status: z.enum(statusFilters).optional(),
    paymentStatus: z.enum(paymentFilters).optional(),
    delivery: z.enum(deliveryMethods).optional(),
    /** Days in Spain (Europe/Madrid), both included. */
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    /** Part of an order number, an email or a name. */
    search: plainText().max(100).optional(),
    /** Withdrawn orders (docs/product.md#withdrawal): those still to refund, or all. */
    withdrawal: z.enum(withdrawalFilters).optional(),
  })
  .refine((range) => !range.from || !range.to || range.from <= range.to, { message: messages.dateRangeInverted.id, path: ['to'] })
const orderById = z.object({ id: orderIdSchema })

/** Orders and their fulfilment (docs/product.md#fulfilment): each transition is one transaction, idempotent, and emails the buyer. */
const adminOrdersRouter = router({
  /** Every order, newest first, 25 a page, by status, payment status, days and a search. */
  list: adminProcedure.input(orderFilters.default({ page: 1 })).query(({ ctx, input }) => listAllOrders(ctx.db, input)),
  /** One order: items, address, invoices, the provider's references, its timeline and what may happen next. */
  get: adminProcedure.input(orderById).query(({ ctx, input }) => adminOrderDetail(ctx.db, input.id, ctx.services.invoicing.taxRateBasisPoints)),
  ship: adminProcedure
    .input(shipmentSchema.extend({ id: orderIdSchema }))
    .mutation(({ ctx, input }) => ctx.services.orders.ship(input, orderCall(ctx, 'admin'))),
  deliver: adminProcedure.input(orderById).mutation(({ ctx, input }) => ctx.services.orders.deliver(input, orderCall(ctx, 'admin'))),
  cancel: adminProcedure.input(orderById).mutation(({ ctx, input }) => ctx.services.orders.cancelByAdmin(input, orderCall(ctx, 'admin'))),
  /** A refund the provider never confirmed, asked for again with its own key. */
  retryRefund: adminProcedure
    .input(orderById.extend({ refundId: z.uuid(messages.refundNotFound.id) }))
    .mutation(({ ctx, input }) => ctx.services.orders.retryRefund(input, orderCall(ctx, 'admin'))),
  /** A phone or WhatsApp order (docs/product.md#phone-orders): what it would charge, then the order and its emailed payment link. */
  price: adminProcedure.input(phoneOrderPriceSchema).query(({ ctx, input }) => ctx.services.orders.pricePhoneOrder(input)),
  create: adminProcedure.input(phoneOrderSchema).mutation(({ ctx, input }) => ctx.services.orders.createPhoneOrder(input, orderCall(ctx, 'admin'))),
  /** A pending order's payment link, to copy (WhatsApp) or email again. */
  paymentLink: adminProcedure.input(orderById).query(({ ctx, input }) => ctx.services.orders.paymentLink(input)),
  sendPaymentLink: adminProcedure.input(orderById).mutation(({ ctx, input }) => ctx.services.orders.sendPaymentLink(input, orderCall(ctx, 'admin'))),
  /** Part of the payment (panels, the delivery, an amount) or the rest of it, with a reason (docs/product.md#fulfilment). */
  refund: adminProcedure
    .input(orderById.extend(refundRequestSchema.shape))
    .mutation(({ ctx, input }) => ctx.services.orders.refund(input, orderCall(ctx, 'admin'))),
  /**
   * The customer's contact and delivery address, fixed before the order ships (docs/product.md#fulfilment):
   * `delivery` is the order's method the form was made for; home delivery keeps its zone.
   */
  updateDetails: adminProcedure
    .input(
      orderById
        .extend({ delivery: z.enum(deliveryMethods), shipping: shippingDraft, addressConfirmed: z.boolean().default(false) })
        // The details the method has: an address to deliver to, or for a pickup only the contact. Each issue stays on its field.
        .transform((input, ctx) => {
          const parsed = checkoutShippingSchema(input.delivery, false).safeParse(input.shipping)
          if (parsed.success) return { ...input, shipping: parsed.data }
          for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['shipping', ...issue.path] })
          return z.NEVER
        }),
    )
    .mutation(({ ctx, input }) => ctx.services.orders.updateDetails(input, orderCall(ctx, 'admin'))),
  /** A customer asked for a full invoice after buying: the order's simplified invoice is replaced by one made out to them (F3). */
  replaceInvoice: adminProcedure
    .input(orderById.extend({ billing: billingSchema }))
    .mutation(({ ctx, input }) => ctx.services.orders.replaceInvoice(input, orderCall(ctx, 'admin'))),
  /** An invoice issued in error is voided: a VERI*FACTU registro de anulación (refunds issue corrective invoices instead). */
  voidInvoice: adminProcedure
    .input(orderById.extend({ number: z.string().regex(invoiceNumberPattern, messages.invoiceNotFound.id) }))
    .mutation(({ ctx, input }) => ctx.services.orders.voidInvoice(input, orderCall(ctx, 'admin'))),
})

/**
 * A change to the catalog answers once this process has seen its own change notice (at most
 * half a second; a save that changed nothing waits that long): the next page anyone asks this
 * instance for already shows the change, not a cached page.
 */
const catalogChange = adminProcedure.use(async ({ ctx, next }) => {
  const seen = ctx.services.catalogVersion?.current()
  const result = await next()
  if (result.ok && seen !== undefined) await ctx.services.catalogVersion?.movedPast(seen, 500)
  return result
})

/**
 * Delivery methods and rates (docs/product.md#delivery): pickup, and home delivery priced per zone,
 * by panels, with a free-delivery threshold, for retail and wholesale customers. The next checkout
 * prices with what is saved.
 */
const adminDeliveryRouter = router({
  get: adminProcedure.query(({ ctx }) => currentDeliverySettings(ctx.db)),
  // Shown on cached pages: answers once this instance has seen its own change, as a catalog edit does.
  update: catalogChange
    // The version the admin edited (`get`'s updatedAt, null for the defaults): a change made meanwhile is not undone.
    .input(z.object({ expectedUpdatedAt: z.iso.datetime({ offset: true }).nullable(), settings: deliverySettingsSchema }))
    .mutation(async ({ ctx, input }) => {
      const saved = await saveDeliverySettings(ctx.db, input, ctx.user.id)
      ctx.log.info({ admin: ctx.user.id }, 'delivery settings changed')
      return saved
    }),
})

const actorOf = (ctx: { user: { id: string; email: string } }): Actor => ({ id: ctx.user.id, email: ctx.user.email })
const byId = z.object({ id: z.uuid() })
const photoById = z.object({ productId: z.uuid(), photoId: z.uuid(messages.photoNotFound.id) })

/** The shop's categories (docs/product.md#owner): names, descriptions and order; deleted only when empty. */
const adminCategoriesRouter = router({
  list: adminProcedure.query(({ ctx }) => listAdminCategories(ctx.db)),
  create: catalogChange.input(categorySchema).mutation(({ ctx, input }) => createCategory(ctx.db, actorOf(ctx), input)),
  update: catalogChange.input(byId.extend({ values: categorySchema })).mutation(async ({ ctx, input }) => {
    await updateCategory(ctx.db, actorOf(ctx), input.id, input.values)
    return { ok: true as const }
  }),
  move: catalogChange.input(byId.extend({ direction: z.enum(['up', 'down']) })).mutation(async ({ ctx, input }) => {
    await moveCategory(ctx.db, actorOf(ctx), input.id, input.direction)
    return { ok: true as const }
  }),
  remove: catalogChange.input(byId).mutation(async ({ ctx, input }) => {
    await removeCategory(ctx.db, actorOf(ctx), input.id)
    return { ok: true as const }
  }),
})

/** The shop's products (docs/product.md#owner): the table, the edit form, publish and unpublish, archive and restore, the preview. */
const adminProductsRouter = router({
  list: adminProcedure
    .input(
      z
        .object({
          search: plainText().max(100).optional(),
          categoryId: z.uuid().optional(),
          state: z.enum(['active', 'draft', 'archived', 'all']).default('all'),
          page: z.number().int().min(1).max(adminPageMax).default(1),
        })
        .default({ state: 'all', page: 1 }),
    )
    .query(({ ctx, input }) => listAdminProducts(ctx.db, input)),
  get: adminProcedure.input(byId).query(({ ctx, input }) => getAdminProduct(ctx.db, input.id)),
  create: catalogChange.input(productSchema).mutation(({ ctx, input }) => createProduct(ctx.db, actorOf(ctx), input)),
  update: catalogChange
    // The version the admin edited (`get`'s updatedAt): a change made meanwhile is not undone.
    .input(byId.extend({ expectedUpdatedAt: z.iso.datetime({ offset: true }), values: productSchema }))
    .mutation(({ ctx, input }) =>
      updateProduct(ctx.db, actorOf(ctx), { id: input.id, expectedUpdatedAt: new Date(input.expectedUpdatedAt), values: input.values }),
    ),
  archive: catalogChange.input(byId).mutation(async ({ ctx, input }) => {
    await setProductArchived(ctx.db, actorOf(ctx), input.id, true)
    return { ok: true as const }
  }),
  restore: catalogChange.input(byId).mutation(async ({ ctx, input }) => {
    await setProductArchived(ctx.db, actorOf(ctx), input.id, false)
    return { ok: true as const }
  }),
  publish: catalogChange.input(byId).mutation(async ({ ctx, input }) => {
    await setProductPublished(ctx.db, actorOf(ctx), input.id, true)
    return { ok: true as const }
  }),
  unpublish: catalogChange.input(byId).mutation(async ({ ctx, input }) => {
    await setProductPublished(ctx.db, actorOf(ctx), input.id, false)
    return { ok: true as const }
  }),
  /** The product's page as a shopper would see it, whatever its state (a draft's preview). */
  preview: adminProcedure.input(byId).query(({ ctx, input }) => productPreview(ctx.db, input.id)),
  // A photo is added by the upload route (server/http/media.ts); these change the ones there are.
  setPhotoTexts: catalogChange
    .input(photoById.extend(photoTextsSchema.shape))
    .mutation(({ ctx, input }) => setPhotoTexts(ctx.db, actorOf(ctx), input)),
  reorderPhotos: catalogChange
    .input(z.object({ productId: z.uuid(), photoIds: z.array(z.uuid()).max(maxProductPhotos) }))
    .mutation(async ({ ctx, input }) => {
      await reorderPhotos(ctx.db, actorOf(ctx), input)
      return { ok: true as const }
    }),
  removePhoto: catalogChange.input(photoById).mutation(async ({ ctx, input }) => {
    await removePhoto(ctx.db, ctx.services.media, actorOf(ctx), input)
    return { ok: true as const }
  }),
})

export const adminRouter = router({
  /** The admin home's figures: work waiting and today's and this month's sales, each matching its linked list. */
  summary: adminProcedure.query(({ ctx }) => adminSummary(ctx.db)),
  pendingRequests: adminProcedure.query(({ ctx }) => pendingB2bRequests(ctx.db)),
  approvedUsers: adminProcedure.query(({ ctx }) => approvedB2bUsers(ctx.db)),
  approve: adminProcedure.input(requestId).mutation(async ({ ctx, input }) => {
    await approveB2bRequest(
      ctx.db,
      { requestId: input.id, adminId: ctx.user.id },
      {
        mailer: ctx.services.mailer,
        publicUrl: ctx.services.publicUrl,
        company: ctx.services.company,
        log: ctx.log,
      },
    )
    return { ok: true as const }
  }),
  reject: adminProcedure.input(requestId).mutation(async ({ ctx, input }) => {
    await rejectB2bRequest(ctx.db, { requestId: input.id, adminId: ctx.user.id })
    return { ok: true as const }
  }),
  revoke: adminProcedure.input(z.object({ userId: accountIdSchema(messages.notWholesaleCustomer.id) })).mutation(async ({ ctx, input }) => {
    await revokeB2bAccess(ctx.db, { userId: input.userId, adminId: ctx.user.id })
    // Wholesale prices end with the access: orders still waiting for payment at them are cancelled.
    await ctx.services.orders.cancelOfRevokedCustomer({ userId: input.userId }, orderCall(ctx, 'admin'))
    return { ok: true as const }
  }),
  /** Puts a wholesale customer under the recargo de equivalencia, or out of it (docs/decisions/029). */
  setSurcharge: adminProcedure
    .input(z.object({ userId: accountIdSchema(messages.notWholesaleCustomer.id), applies: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      await setEquivalenceSurcharge(ctx.db, input)
      return { ok: true as const }
    }),
  /** Contact messages and catalog requests, newest first, 25 a page; or only the contact messages not answered yet. */
  messages: adminProcedure
    .input(z.object({ page: z.number().int().min(1).max(adminPageMax).default(1), unanswered: z.boolean().optional() }).default({ page: 1 }))
    .query(({ ctx, input }) => visitorMessages(ctx.db, input.page, { unanswered: input.unanswered })),
  markAnswered: adminProcedure.input(requestId).mutation(async ({ ctx, input }) => {
    await markAnswered(ctx.db, { id: input.id, adminId: ctx.user.id })
    return { ok: true as const }
  }),
  orders: adminOrdersRouter,
  categories: adminCategoriesRouter,
  products: adminProductsRouter,
  backups: adminBackupsRouter,
  verifactu: adminVerifactuRouter,
  delivery: adminDeliveryRouter,
})
