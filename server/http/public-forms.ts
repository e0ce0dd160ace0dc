import type { FastifyInstance } from 'fastify'
import { sendCatalog, sendContact } from '../routers/forms.ts'
import { refusableFormAction } from './refusable-form.ts'
import { catalogRequestSchema, contactFields, contactSchema, isCatalogRequestField, isContactField } from '../../core/forms.ts'
import { messages } from '../../core/messages.ts'

/**
 * The public forms that reach the company, posted before or without JavaScript (docs/product.md#forms):
 * each with its procedure's schema, limit and service (server/routers/forms.ts).
 */
export const publicFormActions = (app: FastifyInstance) => [
  // Sent: the contact page says so.
  refusableFormAction(app, {
    name: 'contact',
    path: /^\/contact$/,
    fields: contactFields,
    isField: isContactField,
    schema: contactSchema,
    limit: 'contactPerClient',
    run: sendContact,
    failed: messages.contactFailed,
    done: '/contact?sent=1',
  }),
  // Sent: the catalog page says so and links to the PDF (the script opens it in a new tab instead).
  refusableFormAction(app, {
    name: 'catalog',
    path: /^\/catalog$/,
    fields: ['name', 'email'],
    isField: isCatalogRequestField,
    schema: catalogRequestSchema,
    limit: 'catalogPerClient',
    run: sendCatalog,
    failed: messages.catalogFailed,
    done: '/catalog?sent=1',
  }),
]
