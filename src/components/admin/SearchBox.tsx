import { useEffect, useRef, useState } from 'react'
import { TextField } from '../ui/TextField.tsx'

/** How long the search waits after the last key before it asks (Enter asks at once). */
const searchPauseMs = 400

/**
 * A table's search box: asks after a short pause in typing, or at once on Enter. What the admin is
 * typing is kept while the table catches up; a search changed by Back or a link replaces it.
 * The products and orders tables share it.
 */
export function SearchBox({
  query,
  onSearch,
  label,
  formLabel,
  maxLength,
}: {
  query: string
  onSearch: (query: string) => void
  label: string
  formLabel: string
  maxLength: number
}) {
  const [text, setText] = useState(query)
  const [asked, setAsked] = useState(query)
  const [seen, setSeen] = useState(query)
  // The URL's search changed (Back, a link): it is what the box shows, unless it is the box's own.
  if (query !== seen) {
    setSeen(query)
    if (query !== asked) {
      setText(query)
      setAsked(query)
    }
  }
  const ask = (value: string) => {
    const next = value.trim()
    if (next === asked.trim()) return
    setAsked(next)
    onSearch(next)
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  return (
    <form
      role="search"
      aria-label={formLabel}
      onSubmit={(event) => {
        event.preventDefault()
        clearTimeout(timer.current)
        ask(text)
      }}
    >
      <TextField
        label={label}
        name="q"
        type="search"
        value={text}
        maxLength={maxLength}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          const value = event.target.value
          setText(value)
          clearTimeout(timer.current)
          timer.current = setTimeout(() => ask(value), searchPauseMs)
        }}
      />
    </form>
  )
}
