import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Form } from '../ui/Form.tsx'
import { button } from '../ui/button.css.ts'
import { keepTypedValue } from '../ui/typed-early.ts'
import { toast } from '../../lib/toast.ts'
import { serverMessage } from '../../lib/server-message.ts'
import { useTRPC, type RouterOutputs } from '../../lib/trpc.ts'
import { maxQuantity, minQuantity, readTypedQuantity } from '../../../core/quantity.ts'
import * as styles from '../../routes/-cart.css.ts'

/**
 * A cart page line's "Update" (its quantity typed) and "Remove" (docs/product.md#cart): forms that
 * post to the cart page without JavaScript (server/http/cart-page-form.ts), and with it call
 * `cart.setQuantity` / `cart.remove`; the page shows the cart the server answers.
 */
export function CartPageLineForms({ itemId, name, quantity }: { itemId: string; name: string; quantity: number | null }) {
  const { t } = useLingui()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const id = useId()
  const [typed, setTyped] = useState(quantity === null ? '' : String(quantity))
  const [problem, setProblem] = useState<string | null>(null)
  // Each change answers with the whole cart: the page shows it.
  const show = (cart: RouterOutputs['cart']['get']) => queryClient.setQueryData(trpc.cart.get.queryKey(), cart)
  const setQuantity = useMutation(trpc.cart.setQuantity.mutationOptions())
  const remove = useMutation(trpc.cart.remove.mutationOptions())
  const busy = setQuantity.isPending || remove.isPending
  const failed = (error: unknown) => toast.error(serverMessage(error, t`Something went wrong`))
  return (
    <div className={styles.lineForms}>
      {quantity === null ? null : (
        <Form
          className={styles.lineForm}
          onSubmit={async () => {
            const read = readTypedQuantity(typed)
            if (!read.ok) {
              setProblem(t`Type a whole number of panels from ${minQuantity} to ${maxQuantity}. To take the panel out, use Remove.`)
              return
            }
            setProblem(null)
            if (read.quantity === quantity) return
            await setQuantity.mutateAsync({ itemId, quantity: read.quantity }).then(show, failed)
          }}
        >
          <input type="hidden" name="itemId" value={itemId} />
          <label htmlFor={`${id}-quantity`} className={styles.lineLabel}>
            <Trans>Quantity of {name}</Trans>
          </label>
          <input
            id={`${id}-quantity`}
            name="quantity"
            className={styles.lineQuantity}
            type="number"
            inputMode="numeric"
            min={minQuantity}
            max={maxQuantity}
            step={1}
            ref={keepTypedValue(typed, setTyped)}
            value={typed}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => setTyped(event.target.value)}
          />
          <button type="submit" className={button({ tone: 'outline', size: 'sm' })} disabled={busy}>
            <Trans>Update</Trans>
          </button>
          {problem ? (
            <p id={`${id}-problem`} className={styles.lineProblem} role="alert">
              {problem}
            </p>
          ) : null}
        </Form>
      )}
      <Form className={styles.lineForm} onSubmit={() => remove.mutateAsync({ itemId }).then(show, failed)}>
        <input type="hidden" name="itemId" value={itemId} />
        <input type="hidden" name="remove" value="1" />
        <button type="submit" className={button({ tone: 'outline', size: 'sm' })} disabled={busy} aria-label={t`Remove ${name}`}>
          <Trans>Remove</Trans>
        </button>
      </Form>
    </div>
  )
}
