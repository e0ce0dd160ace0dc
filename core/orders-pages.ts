// What /orders' queries are named: no rules here, so the route's first download stays light.

/**
 * What a form of /orders posted without JavaScript did (server/http/orders-form.ts answers 303 to
 * `/orders?cancelled=<order number>` or `?withdrawn=<…>`), said at
 * the top of the page. The confirmations themselves (`?cancel=<number>`, `?withdraw=<number>`)
 * are what the page's buttons link to before their dialogs' code is there.
 */
export const ordersDone = { cancelled: 'cancelled', withdrawn: 'withdrawn' } as const
