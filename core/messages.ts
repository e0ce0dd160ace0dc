import type { MessageDescriptor } from '@lingui/core'

/**
 * Texts written by code that runs no Lingui macros: the shared schemas' validation messages and the
 * server's answers. Each has a stable id; the English text is the source and the Spanish one lives
 * in the catalogs (`npm run i18n:extract` finds these by their i18n comment). Zod rules carry the
 * id as their message; both sides translate it with the same catalogs.
 */
export const messages = {
  nameTooShort: /*i18n*/ { id: 'validation.name_too_short', message: 'Name must be at least 2 characters' },
  invalidEmail: /*i18n*/ { id: 'validation.invalid_email', message: 'Invalid email address' },
  phoneTooShort: /*i18n*/ { id: 'validation.phone_too_short', message: 'Phone must be at least 6 characters' },
  addressRequired: /*i18n*/ { id: 'validation.address_required', message: 'Address is required' },
  addressLine2TooLong: /*i18n*/ { id: 'validation.address_line2_too_long', message: 'Address line 2 is too long' },
  cityRequired: /*i18n*/ { id: 'validation.city_required', message: 'City is required' },
  stateTooLong: /*i18n*/ { id: 'validation.state_too_long', message: 'State or province is too long' },
  postalCodeRequired: /*i18n*/ { id: 'validation.postal_code_required', message: 'Postal code is required' },
  countryRequired: /*i18n*/ { id: 'validation.country_required', message: 'Country is required' },
  // The shipping address's rules (docs/product.md#delivery): each says what to type, with an example.
  postalCodeFormat: /*i18n*/ { id: 'validation.postal_code_format', message: 'Enter a 5-digit postal code, e.g. 03181' },
  postalCodeUnknown: /*i18n*/ { id: 'validation.postal_code_unknown', message: 'Spanish postal codes start with 01 to 52, e.g. 03181' },
  postalCodeNotServed: /*i18n*/ {
    id: 'validation.postal_code_not_served',
    message: 'The Canary Islands, Ceuta and Melilla have other taxes (IGIC, IPSI): we cannot take the order online. Ask us for a quote.',
  },
  // Checked against Spain's list of postal codes (server/services/postcodes.ts); the shopper may confirm either.
  postalCodeNotListed: /*i18n*/ {
    id: 'validation.postal_code_not_listed',
    message:
      'The postal code {postalCode} is not in our list of Spanish postal codes. Check it; if it is right, tick "The postal code and town are right".',
  },
  townNotOfPostalCode: /*i18n*/ {
    id: 'validation.town_not_of_postal_code',
    message: 'The postal code {postalCode} is that of {towns}, not {city}. Check both; if they are right, tick "The postal code and town are right".',
  },
  addressConfirm: /*i18n*/ { id: 'address.confirm', message: 'The postal code and town are right' },
  phoneFormat: /*i18n*/ {
    id: 'validation.phone_any',
    message: 'Enter a phone number: a Spanish one (612 345 678) or another with its country code (+44 7700 900123)',
  },
  countryFromList: /*i18n*/ { id: 'validation.country_from_list', message: 'Choose the country from the list' },
  required: /*i18n*/ { id: 'validation.required', message: 'Required' },
  fillAllFields: /*i18n*/ { id: 'validation.fill_all_fields', message: 'Please fill in all fields' },
  // Better-auth's refusals as the account forms say them (core/auth-refusals.ts).
  invalidCredentials: /*i18n*/ { id: 'auth.invalid_credentials', message: 'Invalid email or password' },
  currentPasswordWrong: /*i18n*/ { id: 'auth.current_password_wrong', message: 'The current password is not correct.' },
  authFailed: /*i18n*/ { id: 'auth.failed', message: 'Something went wrong' },
  totpCodeWrong: /*i18n*/ { id: 'auth.totp_code_wrong', message: 'The code is not correct. Check the time on your phone and try the newest code.' },
  backupCodeWrong: /*i18n*/ { id: 'auth.backup_code_wrong', message: 'This backup code is not valid or was already used.' },
  nameTooLong: /*i18n*/ { id: 'validation.name_too_long', message: 'The name is too long' },
  passwordTooShort: /*i18n*/ { id: 'validation.password_too_short', message: 'The password must be at least {min} characters' },
  passwordTooLong: /*i18n*/ { id: 'validation.password_too_long', message: 'The password must be at most {max} characters' },
  passwordTooCommon: /*i18n*/ {
    id: 'validation.password_too_common',
    message: 'This password is too common and easy to guess. Please choose another one.',
  },
  accountExists: /*i18n*/ {
    id: 'error.account_exists',
    message: 'An account with this email already exists. Sign in, or reset your password if you have forgotten it.',
  },
  passwordsDoNotMatch: /*i18n*/ { id: 'validation.passwords_mismatch', message: 'Passwords do not match' },
  totpCodeInvalid: /*i18n*/ { id: 'validation.totp_code_invalid', message: 'Enter the 6-digit code from your authenticator app' },
  backupCodeInvalid: /*i18n*/ { id: 'validation.backup_code_invalid', message: 'This is not a backup code' },
  controlCharacters: /*i18n*/ { id: 'validation.control_characters', message: 'The text contains characters that are not allowed' },
  companyTooLong: /*i18n*/ { id: 'validation.company_too_long', message: 'The company name is too long' },
  phoneInvalid: /*i18n*/ { id: 'validation.phone_invalid', message: 'Phone must be between 6 and 20 characters' },
  messageRequired: /*i18n*/ { id: 'validation.message_required', message: 'Please write your message' },
  messageTooLong: /*i18n*/ { id: 'validation.message_too_long', message: 'The message can be at most {maximum} characters' },
  companyRequired: /*i18n*/ { id: 'validation.company_required', message: 'Company name is required' },
  billingNameRequired: /*i18n*/ { id: 'validation.billing_name_required', message: 'Enter the name or company the invoice is made out to' },
  foreignIdInvalid: /*i18n*/ { id: 'validation.foreign_id_invalid', message: 'Enter the document number: 3 to 20 letters and digits' },
  // The AEAT knows a Spanish identity document by its NIF (a DNI or NIE is one), or a passport.
  spanishDocumentIsTaxId: /*i18n*/ {
    id: 'validation.spanish_document_is_tax_id',
    message: 'A Spanish identity document is a NIF or NIE: choose "NIF, NIE, CIF or EU VAT number" and enter it there',
  },
  taxIdInvalid: /*i18n*/ {
    id: 'validation.tax_id_invalid',
    message: 'Enter a valid Spanish NIF, NIE or CIF, or an EU VAT number with its country code (for example DE136695976)',
  },

  // {max, number, euros}: an amount in the reader's language (core/money.ts messageFormats).
  fullInvoiceRequired: /*i18n*/ {
    id: 'error.full_invoice_required',
    message: 'Spanish law requires a full invoice for orders above {max, number, euros}: please give the tax id the invoice is made out to.',
  },
  cannotReplaceInvoice: /*i18n*/ {
    id: 'error.cannot_replace_invoice',
    message: 'Only the simplified invoice of a paid order that has not been refunded can be replaced by a full invoice',
  },
  cannotVoidInvoice: /*i18n*/ {
    id: 'error.cannot_void_invoice',
    message: 'Only an invoice with a VERI*FACTU record that no other invoice corrects or replaces can be voided, and only once',
  },
  cartEmpty: /*i18n*/ { id: 'error.cart_empty', message: 'Cart is empty' },
  cartLineTooLarge: /*i18n*/ { id: 'error.cart_line_too_large', message: 'You can order at most {max} panels of each product' },
  // {max, number, euros}: an amount in the reader's language (core/money.ts messageFormats).
  orderTooLarge: /*i18n*/ {
    id: 'error.order_too_large',
    message: 'An order can be at most {max, number, euros}. Please split it into several orders or contact us.',
  },
  pricesChanged: /*i18n*/ { id: 'error.prices_changed', message: 'Some prices in your cart have changed. Please check your order before paying.' },
  productNotFound: /*i18n*/ { id: 'error.product_not_found', message: 'Product not found' },
  categoryNotFound: /*i18n*/ { id: 'error.category_not_found', message: 'Category not found' },
  cartItemNotFound: /*i18n*/ { id: 'error.cart_item_not_found', message: 'Cart item not found' },
  orderNotFound: /*i18n*/ { id: 'error.order_not_found', message: 'Order not found' },
  paymentSessionNotFound: /*i18n*/ { id: 'error.payment_session_not_found', message: 'Payment session not found' },
  checkoutAlreadyUsed: /*i18n*/ { id: 'error.checkout_already_used', message: 'This checkout was already used' },
  orderFailed: /*i18n*/ { id: 'error.order_failed', message: 'Error processing order' },
  orderNotPayable: /*i18n*/ { id: 'error.order_not_payable', message: 'This order is no longer waiting for payment.' },
  orderNotCancellable: /*i18n*/ { id: 'error.order_not_cancellable', message: 'This order can no longer be cancelled: it has been paid.' },
  orderPaidMeanwhile: /*i18n*/ {
    id: 'error.order_paid_meanwhile',
    message: 'The payment for this order went through just before you cancelled it, so the order stands. Contact us if you want to return it.',
  },
  b2bAlreadyRequested: /*i18n*/ {
    id: 'error.b2b_already_requested',
    message: 'You have already sent a wholesale access request. We will contact you soon.',
  },
  b2bAlreadyApproved: /*i18n*/ { id: 'error.b2b_already_approved', message: 'Your account already has wholesale access.' },
  b2bRequestClosed: /*i18n*/ {
    id: 'error.b2b_request_closed',
    message: 'Your account cannot request wholesale access again from here. Please contact us.',
  },
  emailNotVerified: /*i18n*/ {
    id: 'error.email_not_verified',
    message: 'Please verify your email address first: open the link we sent you, or ask for a new one.',
  },
  adminTwoFactorRequired: /*i18n*/ {
    id: 'error.admin_two_factor_required',
    message: 'Turn on two-factor authentication on your account page to use the admin dashboard.',
  },
  adminSignInWithSecondFactor: /*i18n*/ {
    id: 'error.admin_sign_in_with_second_factor',
    message: 'Sign in again with the code from your authenticator app to use the admin dashboard.',
  },
  requestNotFound: /*i18n*/ { id: 'error.request_not_found', message: 'Request not found' },
  requestAlreadyReviewed: /*i18n*/ { id: 'error.request_already_reviewed', message: 'This request has already been reviewed.' },
  notWholesaleCustomer: /*i18n*/ { id: 'error.not_wholesale_customer', message: 'This account does not have wholesale access.' },
  invoicingHalted: /*i18n*/ {
    id: 'error.invoicing_halted',
    message:
      'Invoicing is stopped until an admin reconciles the VERI*FACTU records (Hacienda (VERI*FACTU) says why): no invoice can be issued, voided or corrected meanwhile.',
  },
  invoicingNotHalted: /*i18n*/ { id: 'error.invoicing_not_halted', message: 'Invoicing is not stopped: there is nothing to resume.' },
  surchargeNotAllowed: /*i18n*/ {
    id: 'error.surcharge_not_allowed',
    message:
      'The recargo de equivalencia applies only to individuals (NIF or NIE) and to entities without legal personality (a CIF beginning with E or J): not to this tax id.',
  },
  catalogNotSent: /*i18n*/ { id: 'error.catalog_not_sent', message: 'Error requesting catalog. Please try again.' },
  messageNotFound: /*i18n*/ { id: 'error.message_not_found', message: 'Message not found' },
  signInRequired: /*i18n*/ { id: 'error.sign_in_required', message: 'Sign in required' },
  sessionNotFresh: /*i18n*/ {
    id: 'error.session_not_fresh',
    message: 'For your security, sign in again first: changing your email address, password or two-factor needs a sign-in from the last 24 hours.',
  },
  wrongPassword: /*i18n*/ { id: 'error.wrong_password', message: 'The password is not correct.' },
  emailUnchanged: /*i18n*/ { id: 'account.email_unchanged', message: 'This is already your email address.' },
  linkNotSent: /*i18n*/ { id: 'account.link_not_sent', message: 'The link could not be sent. Please try again.' },
  wrongCode: /*i18n*/ {
    id: 'error.wrong_code',
    message: 'The code is not correct. Enter the current code from your authenticator app, or one of your backup codes.',
  },
  notAllowed: /*i18n*/ { id: 'error.not_allowed', message: 'Not allowed for your account' },
  crossSite: /*i18n*/ { id: 'error.cross_site', message: 'Cross-site request refused' },
  tooManyAttempts: /*i18n*/ { id: 'error.too_many_attempts', message: 'Too many attempts. Please wait a few minutes and try again.' },
  internalError: /*i18n*/ { id: 'error.internal', message: 'Something went wrong. Please try again in a moment.' },
  // What to do after a failure of ours (server/trpc.ts): the reference is the request's id in the log.
  failureCallOrWhatsApp: /*i18n*/ {
    id: 'error.next_step_call_or_whatsapp',
    message:
      'Please try again in a moment. If it keeps failing, call us on {phone} or write to us on WhatsApp at {whatsapp}, giving the reference {reference}.',
  },
  failureCall: /*i18n*/ {
    id: 'error.next_step_call',
    message: 'Please try again in a moment. If it keeps failing, call us on {phone}, giving the reference {reference}.',
  },
  failureReference: /*i18n*/ {
    id: 'error.next_step_reference',
    message: 'Please try again in a moment. The server’s log has the details under the reference {reference}.',
  },
  serviceUnavailable: /*i18n*/ {
    id: 'error.service_unavailable',
    message: 'The shop is briefly unavailable. Please try again in a moment: nothing was changed.',
  },
  badRequest: /*i18n*/ { id: 'error.bad_request', message: 'The request could not be processed.' },
  // The owner's catalog (docs/product.md#owner): the product and category forms and their procedures.
  slugFormat: /*i18n*/ { id: 'validation.slug_format', message: 'Use lowercase letters, digits and hyphens, e.g. marmol-blanco' },
  slugTaken: /*i18n*/ { id: 'validation.slug_taken', message: 'Another product already uses this address' },
  textTooLong: /*i18n*/ { id: 'validation.text_too_long', message: 'This text is too long (at most {maximum} characters)' },
  priceFormat: /*i18n*/ { id: 'validation.price_format', message: 'Enter a price in euros with up to 2 decimals, e.g. 24,90' },
  priceTooHigh: /*i18n*/ { id: 'validation.price_too_high', message: 'The price can be at most {max, number, euros} per panel' },
  pricePositive: /*i18n*/ { id: 'validation.price_positive', message: 'The price must be more than 0' },
  wholesaleAboveRetail: /*i18n*/ { id: 'validation.wholesale_above_retail', message: 'The wholesale price cannot be higher than the retail price' },
  sizeFormat: /*i18n*/ { id: 'validation.size_format', message: 'Enter whole centimetres from 1 to 10000, e.g. 120' },
  weightFormat: /*i18n*/ { id: 'validation.weight_format', message: 'Enter kilograms with up to 2 decimals, e.g. 2,5' },
  categoryRequired: /*i18n*/ { id: 'validation.category_required', message: 'Choose a category' },
  // A product's look, colour, finish or texture (core/product-attributes.ts): only the list's values.
  attributeUnknown: /*i18n*/ { id: 'validation.attribute_unknown', message: 'Choose a value from the list' },
  // A made-to-order product's working days (core/availability.ts), the limits as values.
  leadTimeFormat: /*i18n*/ { id: 'validation.lead_time', message: 'Enter the working days it takes to make, from {min} to {max}' },
  categoryNotEmpty: /*i18n*/ {
    id: 'error.category_not_empty',
    message:
      'This category still holds {count, plural, one {# product} other {# products}} (archived ones included). Move them to another category first.',
  },
  categoryNameTaken: /*i18n*/ { id: 'error.category_name_taken', message: 'Another category already has this name' },
  productArchived: /*i18n*/ { id: 'error.product_archived', message: 'This product is no longer sold' },
  productAlreadyArchived: /*i18n*/ { id: 'error.product_already_archived', message: 'This product is already archived' },
  productNotArchived: /*i18n*/ { id: 'error.product_not_archived', message: 'This product is not archived' },
  productAlreadyPublished: /*i18n*/ { id: 'error.product_already_published', message: 'This product is already published' },
  productNotPublished: /*i18n*/ { id: 'error.product_not_published', message: 'This product is already a draft' },
  publishNeedsNameEs: /*i18n*/ { id: 'error.publish_needs_name_es', message: 'Add the Spanish name before publishing' },
  publishNeedsNameEn: /*i18n*/ { id: 'error.publish_needs_name_en', message: 'Add the English name before publishing' },
  publishNeedsDescriptionEs: /*i18n*/ { id: 'error.publish_needs_description_es', message: 'Add the Spanish description before publishing' },
  publishNeedsDescriptionEn: /*i18n*/ { id: 'error.publish_needs_description_en', message: 'Add the English description before publishing' },
  publishNeedsPhoto: /*i18n*/ { id: 'error.publish_needs_photo', message: 'Upload a picture before publishing' },
  publishNeedsPhotoAlt: /*i18n*/ {
    id: 'error.publish_needs_photo_alt',
    message: 'Describe every picture in Spanish and English before publishing',
  },
  publishedNeedsPhoto: /*i18n*/ {
    id: 'error.published_needs_photo',
    message: 'A published product needs a picture: move it back to drafts to remove its last one',
  },
  photoNotFound: /*i18n*/ { id: 'error.photo_not_found', message: 'This picture is no longer in the product' },
  photoOrderStale: /*i18n*/ { id: 'error.photo_order_stale', message: 'The pictures changed meanwhile: reload the page and try again' },
  tooManyPhotos: /*i18n*/ { id: 'error.too_many_photos', message: 'A product holds at most {maximum} pictures' },
  publishedNeedsText: /*i18n*/ {
    id: 'error.published_needs_text',
    message: 'A published product needs this text in both languages: move it back to drafts to leave it empty',
  },
  pictureMissing: /*i18n*/ { id: 'error.picture_missing', message: 'Choose a picture to upload' },
  pictureUnsupported: /*i18n*/ { id: 'error.picture_unsupported', message: 'Upload a JPEG, PNG or WebP picture' },
  pictureUnreadable: /*i18n*/ { id: 'error.picture_unreadable', message: 'This file could not be read as a picture' },
  pictureTooLarge: /*i18n*/ { id: 'error.picture_too_large', message: 'The picture is larger than 10 MB' },
  pictureTooSmall: /*i18n*/ { id: 'error.picture_too_small', message: 'The picture must be at least {width} × {height} pixels' },
  changedMeanwhile: /*i18n*/ {
    id: 'error.changed_meanwhile',
    message: 'Someone changed this meanwhile. Reload the page to see their changes, then make yours again.',
  },
  // Fulfilment and invoices (docs/product.md#fulfilment): what an admin reads when a transition does not apply now.
  ordersExportInvalid: /*i18n*/ {
    id: 'error.orders_export_invalid',
    message: 'These filters cannot be exported: open the orders list again and export from there',
  },
  orderDetailsAfterShipping: /*i18n*/ {
    id: 'error.order_details_after_shipping',
    message: 'The order has left the shop (or was cancelled): its contact and delivery address can no longer be changed',
  },
  deliveryZoneKept: /*i18n*/ {
    id: 'error.delivery_zone_kept',
    message: 'This postal code is in another delivery zone, whose rates differ: the order must keep an address in its zone',
  },
  cannotShip: /*i18n*/ { id: 'error.order_cannot_ship', message: 'Only a paid order that has not been shipped yet can be shipped' },
  cannotDeliver: /*i18n*/ { id: 'error.order_cannot_deliver', message: 'Only a shipped order can be marked as delivered' },
  cannotCancel: /*i18n*/ {
    id: 'error.order_cannot_cancel',
    message: 'Only an order waiting for payment can be cancelled. A paid order is refunded instead.',
  },
  cannotRefund: /*i18n*/ { id: 'error.order_cannot_refund', message: 'Only a paid order can be refunded' },
  refundFailed: /*i18n*/ {
    id: 'error.refund_failed',
    message: 'The payment provider did not accept the refund, so nothing was changed. Try again in a few minutes.',
  },
  refundReasonRequired: /*i18n*/ {
    id: 'validation.refund_reason_required',
    message: 'Say why you are refunding (the corrective invoice and the timeline keep it)',
  },
  refundReasonTooLong: /*i18n*/ { id: 'validation.refund_reason_too_long', message: 'At most 200 characters' },
  refundAmountInvalid: /*i18n*/ {
    id: 'validation.refund_amount_invalid',
    message: 'Enter an amount in euros greater than 0, with at most two decimals',
  },
  refundNothingChosen: /*i18n*/ { id: 'error.refund_nothing_chosen', message: 'Choose the panels (or the delivery) to refund' },
  refundNothingLeft: /*i18n*/ { id: 'error.refund_nothing_left', message: 'This order’s payment has already been refunded in full' },
  refundUnknownLine: /*i18n*/ { id: 'error.refund_unknown_line', message: 'That line is not part of this order' },
  refundTooManyPanels: /*i18n*/ { id: 'error.refund_too_many_panels', message: 'More panels than the line has left to refund' },
  refundDeliveryGiven: /*i18n*/ { id: 'error.refund_delivery_given', message: 'The delivery has already been refunded' },
  refundExceeds: /*i18n*/ { id: 'error.refund_exceeds', message: 'At most {max, number, euros} can still be refunded for this order' },
  refundNotFound: /*i18n*/ { id: 'error.refund_not_found', message: 'This order has no such refund' },
  refundRequestReused: /*i18n*/ {
    id: 'error.refund_request_reused',
    message: 'This refund was already sent with other details. Close the dialog and open it again.',
  },
  quantityInvalid: /*i18n*/ { id: 'validation.quantity_invalid', message: 'Enter a whole number of panels from 1 to 9999' },
  agreedPriceInvalid: /*i18n*/ { id: 'validation.agreed_price_invalid', message: 'Enter the agreed price per panel in euros, more than 0' },
  phoneOrderNoLines: /*i18n*/ { id: 'validation.phone_order_no_lines', message: 'Add at least one product' },
  productUnavailable: /*i18n*/ { id: 'error.product_unavailable', message: 'One of the products is no longer sold: remove it from the order' },
  paymentLinkClosed: /*i18n*/ { id: 'error.payment_link_closed', message: 'This order no longer waits for payment, so it has no payment link' },
  shipmentFieldTooLong: /*i18n*/ { id: 'validation.shipment_field_too_long', message: 'At most {maximum} characters' },
  shipmentCarrierNameRequired: /*i18n*/ { id: 'validation.shipment_carrier_name_required', message: 'Type the carrier’s name' },
  shipmentNothingChosen: /*i18n*/ { id: 'error.shipment_nothing_chosen', message: 'Choose the panels this shipment carries' },
  shipmentNothingLeft: /*i18n*/ { id: 'error.shipment_nothing_left', message: 'Every panel of this order has been shipped or refunded' },
  shipmentUnknownLine: /*i18n*/ { id: 'error.shipment_unknown_line', message: 'That line is not part of this order' },
  shipmentTooManyPanels: /*i18n*/ { id: 'error.shipment_too_many_panels', message: 'More panels than the line has left to ship' },
  shipmentChanged: /*i18n*/ {
    id: 'error.shipment_changed',
    message: 'Another shipment of this order was recorded meanwhile: reload the page to see what is left to ship',
  },
  invoiceNotFound: /*i18n*/ { id: 'error.invoice_not_found', message: 'Invoice not found' },
  monthInvalid: /*i18n*/ { id: 'validation.month_invalid', message: 'Choose a month (YYYY-MM)' },
  verifactuNotCorrectable: /*i18n*/ {
    id: 'error.verifactu_not_correctable',
    message: 'Only a record Hacienda rejected (or a registro de alta it accepted with errors), and not corrected yet, can be corrected.',
  },
  verifactuAltaPending: /*i18n*/ {
    id: 'error.verifactu_alta_pending',
    message: 'A record of this invoice still waits for Hacienda’s answer, and the new void depends on it: try again once it has been answered.',
  },
  verifactuNoSpanishNif: /*i18n*/ {
    id: 'error.verifactu_no_spanish_nif',
    message: 'This invoice does not name its buyer by a Spanish NIF, so it cannot be sent as not registered with Hacienda.',
  },
  verifactuNotSending: /*i18n*/ {
    id: 'error.verifactu_not_sending',
    message: 'Invoices are not being sent to Hacienda (VERI*FACTU is off or the certificate is missing), so there is nothing to retry.',
  },
  backupNotFound: /*i18n*/ { id: 'error.backup_not_found', message: 'Backup not found' },
  backupsByPostgres: /*i18n*/ {
    id: 'error.backups_by_postgres',
    message: 'This shop keeps its data in PostgreSQL: back it up with npm run db:backup or with your database provider’s backups.',
  },
  orderPaidBeforeCancel: /*i18n*/ {
    id: 'error.order_paid_before_cancel',
    message: 'The payment for this order went through before it could be cancelled, so the order stands. Refund it if it must not go ahead.',
  },
  paymentProviderUnavailable: /*i18n*/ {
    id: 'error.payment_provider_unavailable',
    message: 'The payment provider could not be reached, so nothing was changed. Try again in a few minutes.',
  },
  dateRangeInverted: /*i18n*/ { id: 'validation.date_range_inverted', message: 'The start date must be on or before the end date' },
  bookPeriodInvalid: /*i18n*/ { id: 'validation.book_period_invalid', message: 'Choose a month (such as 2026-12) or a quarter (such as 2026-Q4)' },
  recordsPeriodInvalid: /*i18n*/ { id: 'validation.records_period_invalid', message: 'Give the first and the last day of the period (YYYY-MM-DD)' },
  noRecordsInPeriod: /*i18n*/ { id: 'error.no_records_in_period', message: 'There are no billing records in that period' },
  tooManyRecordsInPeriod: /*i18n*/ {
    id: 'error.too_many_records_in_period',
    message: 'That period holds more than 1,000 billing records, more than one file may: choose a shorter one',
  },
  // A form posted before its page's script ran (server/http/form-posts.ts): nothing was done with it.
  formPostTitle: /*i18n*/ { id: 'form_post.title', message: 'Please try again' },
  formPostHeading: /*i18n*/ { id: 'form_post.heading', message: 'The page had not finished loading' },
  formPostExplanation: /*i18n*/ {
    id: 'form_post.explanation',
    message:
      'The form was sent before the page was ready, so nothing was saved. Go back, wait until the page has finished loading (its forms need JavaScript) and send it again.',
  },
  formPostBack: /*i18n*/ { id: 'form_post.back', message: 'Back to the page' },
  // The new password chosen from the reset email, with or without the page's script (server/http/auth-forms.ts).
  resetLinkInvalid: /*i18n*/ {
    id: 'auth.reset_link_invalid',
    message: 'This link is not valid or has expired. Ask for a new one from the sign-in page.',
  },
  passwordResetDone: /*i18n*/ { id: 'auth.password_reset_done', message: 'Your password has been changed. Sign in with the new one.' },
  accountDeleted: /*i18n*/ { id: 'account.deleted', message: 'Your account has been deleted.' },
  /** The name of /account's downloaded data file, before its date: lowercase, words joined by hyphens. */
  dataFileName: /*i18n*/ { id: 'account.data_file_name', message: 'my-data' },
  // The public forms posted without JavaScript (server/http/public-forms.ts), before what to do next.
  contactFailed: /*i18n*/ { id: 'contact_form.failed', message: 'The message could not be sent.' },
  catalogFailed: /*i18n*/ { id: 'catalog_form.failed', message: 'The catalog could not be sent.' },
  // The product page's "Add to cart" posted without JavaScript (server/http/add-to-cart-form.ts).
  cartAddRefusedTitle: /*i18n*/ { id: 'cart_form.title', message: 'Not added to your cart' },
  cartAddRefusedHeading: /*i18n*/ { id: 'cart_form.heading', message: 'The panels were not added to your cart' },
  // A line changed on the cart page without JavaScript (server/http/cart-page-form.ts).
  cartChangeRefusedTitle: /*i18n*/ { id: 'cart_page_form.title', message: 'Cart not changed' },
  cartChangeRefusedHeading: /*i18n*/ { id: 'cart_page_form.heading', message: 'Your cart was not changed' },
  orderNotPaidHeading: /*i18n*/ { id: 'orders_form.heading', message: 'The payment page did not open' },
  orderNotCancelledHeading: /*i18n*/ { id: 'orders_form.cancel_heading', message: 'The order was not cancelled' },
  withdrawalNotReceivedHeading: /*i18n*/ { id: 'orders_form.withdraw_heading', message: 'The withdrawal was not received' },
  cartQuantityInvalid: /*i18n*/ { id: 'validation.cart_quantity', message: 'Enter a whole number of panels from 1 to 999' },
  cartProductInvalid: /*i18n*/ { id: 'validation.cart_product', message: 'This product cannot be added to the cart' },
  deliveryAmountInvalid: /*i18n*/ { id: 'validation.delivery_amount', message: 'Enter an amount in euros, from 0 to 999.999,99' },
  deliveryDaysInvalid: /*i18n*/ {
    id: 'validation.delivery_days',
    message: 'Enter working days from 1 to 60 (0 is allowed only for pickup), the first no later than the last',
  },
  deliveryBandsInvalid: /*i18n*/ {
    id: 'validation.delivery_bands',
    message: 'Give each band more panels than the one before it (from 1); the last band covers any larger order',
  },
  billingAddressRequired: /*i18n*/ {
    id: 'error.billing_address_required',
    message: 'A full invoice names your address: give it in the form, even when you collect the order at the showroom.',
  },
  invoiceNeedsAddress: /*i18n*/ {
    id: 'error.invoice_needs_address',
    message: 'A full invoice names the buyer’s address, and this order (collected at the showroom) has none.',
  },
  deliveryMethodUnavailable: /*i18n*/ {
    id: 'error.delivery_method_unavailable',
    message: 'That delivery method is not available for this address. Choose another one.',
  },
  // The buyer's withdrawal from the contract (docs/product.md#withdrawal).
  withdrawalCommentTooLong: /*i18n*/ { id: 'validation.withdrawal_comment_too_long', message: 'The comment is too long (at most 2,000 characters)' },
  orderLinkInvalid: /*i18n*/ {
    id: 'error.order_link_invalid',
    message: 'This order link does not work or has expired. Check that you opened the whole link from our email, or contact us.',
  },
  withdrawalLinkInvalid: /*i18n*/ {
    id: 'error.withdrawal_link_invalid',
    message: 'This withdrawal link does not work. Check that you opened the whole link from our email, or contact us.',
  },
  withdrawalClosed: /*i18n*/ {
    id: 'error.withdrawal_closed',
    message: 'You can no longer withdraw from this order online: contact us and we will look at it with you.',
  },
} as const satisfies Record<string, MessageDescriptor & { id: string; message: string }>

export type AppMessage = (typeof messages)[keyof typeof messages]
