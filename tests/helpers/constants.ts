import { seedProducts } from '../../server/db/seed-data.ts'

export const testPublicUrl = 'http://localhost:3000'

/** Every page a visitor reaches without signing in, by its Spanish path; one category and one product stand for theirs. */
export const publicPages = [
  '/',
  '/shop',
  '/catalog',
  '/about',
  '/contact',
  '/category/marmol',
  `/product/${seedProducts[0]!.slug}`,
  '/privacy',
  '/terms',
  '/returns',
  '/faq',
]
