import { useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { useTRPC, type RouterOutputs } from './trpc.ts'

export type Cart = RouterOutputs['cart']['get']

export function useCart() {
  const trpc = useTRPC()
  return useQuery(trpc.cart.get.queryOptions())
}

/**
 * Cart changes with the spec's toasts (docs/product.md#cart). Each mutation answers with the whole cart, and
 * the screen shows it only once the server has succeeded: no optimistic updates.
 */
export function useCartActions() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const { t } = useLingui()
  const show = (cart: Cart) => queryClient.setQueryData(trpc.cart.get.queryKey(), cart)

  const add = useMutation(
    trpc.cart.add.mutationOptions({
      onSuccess: (cart) => {
        show(cart)
        toast.success(t`Added to cart`)
      },
      onError: () => toast.error(t`Error adding to cart`),
    }),
  )
  const setQuantity = useMutation(
    trpc.cart.setQuantity.mutationOptions({
      onSuccess: show,
      onError: () => toast.error(t`Error updating quantity`),
    }),
  )
  const remove = useMutation(
    trpc.cart.remove.mutationOptions({
      onSuccess: (cart) => {
        show(cart)
        toast.success(t`Removed from cart`)
      },
      onError: () => toast.error(t`Error removing from cart`),
    }),
  )
  const clear = useMutation(
    trpc.cart.clear.mutationOptions({
      onSuccess: (cart) => {
        show(cart)
        toast.success(t`Cart cleared`)
      },
      onError: () => toast.error(t`Error clearing cart`),
    }),
  )
  return { add, setQuantity, remove, clear }
}
