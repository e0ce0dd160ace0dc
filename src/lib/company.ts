import { useRouteContext } from '@tanstack/react-router'
import type { Company } from '../../core/company.ts'

/**
 * The company's facts as the server sent them with the page (router context `site.company`, from
 * the COMPANY_* variables): the one way client code reads them, so no fact is compiled into the
 * client bundle and one build serves any deployment.
 */
export function useCompany(): Company {
  return useRouteContext({ from: '__root__', select: (context) => context.site.company })
}

/**
 * What the browser's router starts with before hydration puts the server's facts in its place
 * (router.tsx `hydrate`, which runs before the first render): nothing is ever shown from it.
 */
export const companyUntilHydrated: Company = {
  name: '',
  legalName: '',
  taxId: '',
  email: '',
  phone: '',
  phoneDigits: '',
  whatsappDigits: '',
  address: { street: '', postalCode: '', city: '', province: '', country: '' },
  openingHours: { weekdays: '', saturday: '' },
  map: { latitude: 0, longitude: 0, zoom: 0 },
}
