import { useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from './toast.ts'
import { openCartDrawer } from '../components/cart/drawer-state.ts'
import { serverMessage } from './server-message.ts'
import { useTRPC, type RouterOutputs } from './trpc.ts'

export type Cart = RouterOutputs['cart']['get']
export type CartLine = Cart['items'][number]

/**
 * The lines that can be ordered. A product the owner archived stays in the cart, shown as no longer
 * available, and is left out of every count and sum (the server's `count` and `subtotalCents`
 * already leave it out) and of checkout.
 */
export function orderableLines(cart: Cart): CartLine[] {
  return cart.items.filter((item) => item.available)
}

/** The lines whose product is no longer sold. */
export function unavailableLines(cart: Cart): CartLine[] {
  return cart.items.filter((item) => !item.available)
}

export function useCart() {
  const trpc = useTRPC()
  return useQuery(trpc.cart.get.queryOptions())
}

/** Where a cart change is reported: a toast by default; the drawer reports inside itself (no toast over its buttons). */
export type CartNotify = (message: string, tone: 'success' | 'error') => void

const toastNotify: CartNotify = (message, tone) => {
  if (tone === 'success') toast.success(message)
  else toast.error(message)
}

/**
 * Cart changes with the shop's messages (docs/product.md#cart). Each mutation answers with the whole cart, and
 * the screen shows it only once the server has succeeded: no optimistic updates. A refusal the
 * shopper can act on (the server's 4xx message, e.g. the panels-per-product limit) is said as is;
 * anything else gets the generic failure.
 */
export function useCartActions({ notify = toastNotify }: { notify?: CartNotify } = {}) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const { t } = useLingui()
  const show = (cart: Cart) => queryClient.setQueryData(trpc.cart.get.queryKey(), cart)
  const failure = (fallback: string) => (error: unknown) => notify(serverMessage(error, fallback), 'error')

  const add = useMutation(
    trpc.cart.add.mutationOptions({
      onSuccess: (cart) => {
        show(cart)
        // Offers the drawer right away; the toast goes when the shopper moves on.
        toast.success(t`Added to cart`, { action: { label: t`View cart`, onClick: openCartDrawer } })
      },
      onError: failure(t`Error adding to cart`),
    }),
  )
  const setQuantity = useMutation(
    trpc.cart.setQuantity.mutationOptions({
      onSuccess: show,
      onError: failure(t`Error updating quantity`),
    }),
  )
  const remove = useMutation(
    trpc.cart.remove.mutationOptions({
      onSuccess: (cart) => {
        show(cart)
        notify(t`Removed from cart`, 'success')
      },
      onError: failure(t`Error removing from cart`),
    }),
  )
  const clear = useMutation(
    trpc.cart.clear.mutationOptions({
      onSuccess: (cart) => {
        show(cart)
        notify(t`Cart cleared`, 'success')
      },
      onError: failure(t`Error clearing cart`),
    }),
  )
  // Remembers the postal code the cart estimates its delivery for (null forgets it). Its refusals
  // are the caller's to say: the postal code's form shows them beside its field (DeliveryEstimate).
  const setPostalCode = useMutation(trpc.cart.setPostalCode.mutationOptions({ onSuccess: show }))
  return { add, setQuantity, remove, clear, setPostalCode }
}
