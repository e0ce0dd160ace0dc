import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type ChangeEvent } from 'react'
import { toast } from 'sonner'
import { ProductImage } from '../../catalog/ProductImage.tsx'
import { responsiveImage } from '../../../lib/images.ts'
import { FieldShell } from '../../ui/FieldShell.tsx'
import { maxPictureBytes, minPictureSize, pictureAccept } from '../../../../core/pictures.ts'
import * as styles from './PictureField.css.ts'

const kind = 'categories'

interface Props {
  /** The category's id. */
  ownerId: string
  /** Its name in the admin's language: the picture's text alternative. */
  name: string
  imageId: string | null
  /** The built-in picture set's name (the category's slug); null: none. */
  builtInName: string | null
  /** Called with the new picture's id once it is stored (the page then reloads the category). */
  onUploaded: (imageId: string) => void
}

/** What the upload route answers (server/http/media.ts): the picture's id, or a message in the admin's language. */
type UploadAnswer = { imageId: string } | { message: string }

/**
 * A category's picture in the admin (docs/product.md#owner): what the shop shows now, and a file
 * field that uploads a new one at once (a product's photos are ProductPhotos'). The server checks the file's content and makes the shop's
 * sizes; its message (wrong type, too small, too large) shows under the field.
 */
export function PictureField({ ownerId, name, imageId, builtInName, onUploaded }: Props) {
  const { t } = useLingui()
  const [error, setError] = useState<string | undefined>()
  const [uploading, setUploading] = useState(false)

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget
    const file = input.files?.[0]
    if (!file) return
    setError(undefined)
    // Spares a 10 MB upload the server would refuse anyway; the server checks again.
    if (file.size > maxPictureBytes) {
      setError(t`The picture is larger than 10 MB`)
      input.value = ''
      return
    }
    const body = new FormData()
    body.append('picture', file)
    setUploading(true)
    try {
      const res = await fetch(`/admin/${kind}/${encodeURIComponent(ownerId)}/picture`, { method: 'POST', body, credentials: 'same-origin' })
      const answer = (await res.json().catch(() => ({ message: t`The picture could not be uploaded. Please try again.` }))) as UploadAnswer
      if (!res.ok || !('imageId' in answer)) {
        setError('message' in answer ? answer.message : t`The picture could not be uploaded. Please try again.`)
        return
      }
      toast.success(t`Picture saved`)
      onUploaded(answer.imageId)
    } catch {
      setError(t`The picture could not be uploaded. Please try again.`)
    } finally {
      setUploading(false)
      input.value = ''
    }
  }

  const { width, height } = minPictureSize[kind]
  // A category's built-in picture is named by its slug, which a new category has none for.
  const hasPicture = imageId !== null || (builtInName !== null && responsiveImage(kind, builtInName) !== null)
  return (
    <div className={styles.picture}>
      <div className={styles.preview}>
        <ProductImage kind={kind} name={builtInName} uploadedId={imageId} alt={name} sizes="12rem" />
      </div>
      <FieldShell
        label={hasPicture ? t`Replace the picture` : t`Upload a picture`}
        error={error}
        hint={
          uploading ? (
            <span role="status">
              <Trans>Uploading and preparing the picture…</Trans>
            </span>
          ) : (
            <Trans>
              JPEG, PNG or WebP, up to 10 MB, at least {width} × {height} pixels. It is cropped to 3:2 and its metadata (camera, place) removed.
            </Trans>
          )
        }
      >
        {(control) => (
          <input {...control} type="file" name="picture" accept={pictureAccept} onChange={(event) => void upload(event)} disabled={uploading} />
        )}
      </FieldShell>
    </div>
  )
}
