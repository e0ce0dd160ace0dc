/** Pages with fixed paths that search engines may index (category and product pages come from the catalog). */
export const staticPagePaths = ['/', '/shop', '/catalog', '/about', '/contact', '/privacy', '/terms', '/returns', '/faq'] as const
