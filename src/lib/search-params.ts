import { defaultStringifySearch } from '@tanstack/react-router'

/**
 * The router's search strings, with a list written as one key per value (`?look=marble&look=wood`)
 * rather than as JSON: what a GET form with checkboxes sends without JavaScript, so a filtered page
 * has one address whether the script or the browser made it. The router's parser already reads
 * repeated keys as a list; everything else is written as the router always did, in the same order.
 */
export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(search)) {
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item))
    else for (const [name, text] of new URLSearchParams(defaultStringifySearch({ [key]: value }))) params.append(name, text)
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}
