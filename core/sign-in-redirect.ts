// Where signing in leads (docs/product.md#accounts): the page's script and the form posted without it.

/**
 * `?redirect=` is honoured only for one path of this site: never another origin, never the sign-in
 * page itself (it would loop), and never a path that carries a redirect of its own (no nesting).
 */
export function safeRedirect(target: unknown): string {
  return checkedRedirect(target) ?? '/'
}

/** The target when `safeRedirect` honours it as given, else null. */
export function checkedRedirect(target: unknown): string | null {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null
  // The URL parser reads what a browser would (backslashes, tabs): the path must stay on this site.
  const base = 'http://site.invalid'
  const url = new URL(target, base)
  if (url.origin !== base || url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return null
  if (url.searchParams.has('redirect')) return url.pathname
  return target
}
