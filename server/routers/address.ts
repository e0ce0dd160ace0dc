import { z } from 'zod'
import { postcodeInfo } from '../services/postcodes.ts'
import { publicProcedure, router } from '../trpc.ts'
import { messages } from '../../core/messages.ts'
import { postalCodePattern } from '../../core/provinces.ts'

export const addressRouter = router({
  /**
   * One postal code as the address forms show it (docs/product.md#delivery): whether Spain's list
   * knows it, its province and towns (the town is offered from it), and the names it accepts as the
   * town. Anyone may ask: the list is public data; the pages never download all of it.
   */
  postcode: publicProcedure
    .input(z.object({ postalCode: z.string().trim().regex(postalCodePattern, messages.postalCodeFormat.id) }))
    .query(({ input }) => postcodeInfo(input.postalCode)),
})
