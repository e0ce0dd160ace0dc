import { useState } from 'react'

/**
 * A table filter's value as its field shows it: what the admin chose, at once (the URL, and the
 * table, follow once the server has answered); a change of the URL by Back or a link replaces it.
 * The orders' and the VERI*FACTU records' filters share it.
 */
export function useChosen(fromUrl: string): [string, (value: string) => void] {
  const [chosen, setChosen] = useState(fromUrl)
  const [seen, setSeen] = useState(fromUrl)
  if (fromUrl !== seen) {
    setSeen(fromUrl)
    setChosen(fromUrl)
  }
  return [chosen, setChosen]
}
