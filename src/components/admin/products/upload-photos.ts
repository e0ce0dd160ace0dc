import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { maxPictureBytes } from '../../../../core/pictures.ts'

const failedText = msg`The picture could not be uploaded. Please try again.`
const tooLargeText = msg`The picture is larger than 10 MB`

/** What the upload route answers (server/http/media.ts): the new photo, or a message in the admin's language. */
type UploadAnswer = { photoId: string } | { message: string }

export interface UploadOutcome {
  /** How many of the files are now the product's photos. */
  stored: number
  /** Why the next one was not (the server's message, or ours); the ones after it were not tried. */
  error?: string
}

/**
 * Uploads files one after another as the product's new photos (`POST /admin/products/<id>/photos`),
 * stopping at the first refusal. The server checks each file's content; a file over 10 MB is
 * refused here first, sparing its upload.
 */
export async function uploadPhotos(
  productId: string,
  files: readonly File[],
  i18n: I18n,
  onProgress: (done: number, of: number) => void = () => {},
): Promise<UploadOutcome> {
  const texts = { failed: i18n._(failedText), tooLarge: i18n._(tooLargeText) }
  let stored = 0
  for (const file of files) {
    onProgress(stored, files.length)
    if (file.size > maxPictureBytes) return { stored, error: texts.tooLarge }
    const body = new FormData()
    body.append('picture', file)
    try {
      const res = await fetch(`/admin/products/${encodeURIComponent(productId)}/photos`, { method: 'POST', body, credentials: 'same-origin' })
      const answer = (await res.json().catch(() => ({ message: texts.failed }))) as UploadAnswer
      if (!res.ok || !('photoId' in answer)) return { stored, error: 'message' in answer ? answer.message : texts.failed }
    } catch {
      return { stored, error: texts.failed }
    }
    stored++
  }
  return { stored }
}
