import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core'
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { useState, type ChangeEvent } from 'react'
import { toast } from 'sonner'
import { ProductImage } from '../../catalog/ProductImage.tsx'
import { button } from '../../ui/button.css.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { FieldShell } from '../../ui/FieldShell.tsx'
import { Form } from '../../ui/Form.tsx'
import { TextField } from '../../ui/TextField.tsx'
import { serverFieldErrors } from '../../../lib/form-errors.ts'
import { useTRPC } from '../../../lib/trpc.ts'
import { useAdminAction } from '../use-admin-action.ts'
import type { AdminProduct } from './product-fields.ts'
import { maxProductPhotos, minPictureSize, photoAltMax, pictureAccept } from '../../../../core/pictures.ts'
import { uploadPhotos } from './upload-photos.ts'
import * as styles from './ProductPhotos.css.ts'

type Photo = AdminProduct['photos'][number]

/**
 * A product's photos in the admin (docs/product.md#owner): upload one or several, put them in order
 * by dragging (or with the keyboard: Space on a handle, the arrow keys, Space again), write each
 * one's text alternative in both languages, remove one. The first is the card's and the PDF's.
 */
export function ProductPhotos({ product }: { product: AdminProduct }) {
  const { t } = useLingui()
  const trpc = useTRPC()
  const reorder = useMutation(trpc.admin.products.reorderPhotos.mutationOptions())
  const { act, refresh } = useAdminAction()
  // The order shown while a new one is being saved; the server's order otherwise.
  const [moving, setMoving] = useState<string[] | null>(null)
  const serverIds = product.photos.map((photo) => photo.id)
  const ids = moving && moving.length === serverIds.length && moving.every((id) => serverIds.includes(id)) ? moving : serverIds
  const byId = new Map(product.photos.map((photo) => [photo.id, photo]))
  const place = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1

  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }))
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      const picture = place(active.id)
      return t`Picked up picture ${picture}.`
    },
    onDragOver: ({ active, over }) => {
      const picture = place(active.id)
      const target = over ? place(over.id) : null
      return target ? t`Picture ${picture} is over place ${target}.` : t`Picture ${picture} is over no place.`
    },
    onDragEnd: ({ active, over }) => {
      const picture = place(active.id)
      const target = over ? place(over.id) : null
      return target ? t`Picture ${picture} dropped at place ${target}.` : t`Picture ${picture} dropped where it was.`
    },
    onDragCancel: ({ active }) => {
      const picture = place(active.id)
      return t`Moving picture ${picture} cancelled: it is where it was.`
    },
  }

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    const next = arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id)))
    setMoving(next)
    void act(() => reorder.mutateAsync({ productId: product.id, photoIds: next }), { success: t`Order of the pictures saved` }).then(() =>
      setMoving(null),
    )
  }

  return (
    <div className={styles.photos}>
      {ids.length === 0 ? (
        <p className={styles.muted}>
          <Trans>No pictures yet: the shop shows a plain box until one is uploaded, and the product cannot be published.</Trans>
        </p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: {
              draggable: t`To move a picture, press Space or Enter on its handle, then the up and down arrows; Space or Enter puts it there, Escape cancels.`,
            },
          }}
        >
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <ol className={styles.list} data-testid="product-photos">
              {ids.map((id, index) => {
                const photo = byId.get(id)
                return photo ? (
                  <PhotoRow key={id} productId={product.id} photo={photo} place={index + 1} published={product.status === 'published'} />
                ) : null
              })}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      {ids.length < maxProductPhotos ? <PhotoUpload productId={product.id} onUploaded={() => void refresh()} /> : null}
    </div>
  )
}

function PhotoRow({ productId, photo, place, published }: { productId: string; photo: Photo; place: number; published: boolean }) {
  const { t } = useLingui()
  const trpc = useTRPC()
  const setTexts = useMutation(trpc.admin.products.setPhotoTexts.mutationOptions())
  const remove = useMutation(trpc.admin.products.removePhoto.mutationOptions())
  const { act } = useAdminAction()
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: photo.id })
  const [altEs, setAltEs] = useState(photo.altEs)
  const [altEn, setAltEn] = useState(photo.altEn)
  const [errors, setErrors] = useState<{ altEs?: string; altEn?: string }>({})
  const [busy, setBusy] = useState(false)

  const save = async () => {
    setErrors({})
    setBusy(true)
    await act(() => setTexts.mutateAsync({ productId, photoId: photo.id, altEs, altEn }), {
      success: t`Picture texts saved`,
      onRefusal: (message, error) => {
        const fields = serverFieldErrors(error, isAltField)
        if (fields.altEs || fields.altEn) setErrors(fields)
        else toast.error(message)
      },
    })
    setBusy(false)
  }

  const headingId = `photo-${photo.id}`
  return (
    <li
      ref={setNodeRef}
      className={styles.row}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-dragging={isDragging || undefined}
      aria-labelledby={headingId}
    >
      <button type="button" ref={setActivatorNodeRef} className={styles.handle} aria-label={t`Move picture ${place}`} {...attributes} {...listeners}>
        <span aria-hidden="true">⠿</span>
      </button>
      <div className={styles.thumb}>
        <ProductImage kind="products" name={photo.imageKey} uploadedId={photo.imageId} alt="" sizes="6rem" />
      </div>
      <Form className={styles.texts} onSubmit={save} aria-labelledby={headingId}>
        <p id={headingId} className={styles.place}>
          {place === 1 ? <Trans>Picture 1 · the card's and the PDF's</Trans> : <Trans>Picture {place}</Trans>}
        </p>
        <TextField
          label={t`Text alternative in Spanish`}
          name="altEs"
          lang="es"
          value={altEs}
          onChange={(event) => setAltEs(event.target.value)}
          maxLength={photoAltMax}
          error={errors.altEs}
          hint={t`What the picture shows, for those who cannot see it`}
        />
        <TextField
          label={t`Text alternative in English`}
          name="altEn"
          lang="en"
          value={altEn}
          onChange={(event) => setAltEn(event.target.value)}
          maxLength={photoAltMax}
          error={errors.altEn}
        />
        <div className={styles.rowActions}>
          <button type="submit" className={button({ tone: 'outline', size: 'sm' })} disabled={busy}>
            <Trans>Save texts</Trans>
          </button>
          <ConfirmDialog
            trigger={<Trans>Remove</Trans>}
            triggerClassName={button({ tone: 'danger', size: 'sm' })}
            triggerDisabled={busy}
            title={<Trans>Remove picture {place}?</Trans>}
            description={
              published ? (
                <Trans>It leaves the shop at once. A published product keeps at least one picture.</Trans>
              ) : (
                <Trans>It is deleted, with its files.</Trans>
              )
            }
            cancelLabel={<Trans>Cancel</Trans>}
            confirmLabel={<Trans>Remove</Trans>}
            onConfirm={() => void act(() => remove.mutateAsync({ productId, photoId: photo.id }), { success: t`Picture removed` })}
          />
        </div>
      </Form>
    </li>
  )
}

const isAltField = (key: unknown): key is 'altEs' | 'altEn' => key === 'altEs' || key === 'altEn'

/** The file field that adds photos: each chosen file is uploaded in turn, the server's refusal shown under it. */
function PhotoUpload({ productId, onUploaded }: { productId: string; onUploaded: () => void }) {
  const { t, i18n } = useLingui()
  const [error, setError] = useState<string | undefined>()
  const [uploading, setUploading] = useState<{ done: number; of: number } | null>(null)

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget
    const files = [...(input.files ?? [])]
    if (files.length === 0) return
    setError(undefined)
    const outcome = await uploadPhotos(productId, files, i18n, (done, of) => setUploading({ done, of }))
    setUploading(null)
    input.value = ''
    if (outcome.error) setError(outcome.error)
    if (outcome.stored > 0) {
      const stored = outcome.stored
      toast.success(stored === 1 ? t`Picture added` : t`${stored} pictures added`)
      onUploaded()
    }
  }

  const done = uploading ? uploading.done + 1 : 0
  const of = uploading?.of ?? 0
  return (
    <FieldShell
      label={t`Add pictures`}
      error={error}
      hint={
        uploading ? (
          <span role="status">
            <Trans>
              Uploading and preparing picture {done} of {of}…
            </Trans>
          </span>
        ) : (
          <PhotoFilesHint />
        )
      }
    >
      {(control) => (
        <input
          {...control}
          type="file"
          name="picture"
          accept={pictureAccept}
          multiple
          onChange={(event) => void upload(event)}
          disabled={uploading !== null}
        />
      )}
    </FieldShell>
  )
}

/** What a photo upload takes, and what the shop does to it. */
export function PhotoFilesHint() {
  const { width, height } = minPictureSize.products
  return (
    <Trans>
      JPEG, PNG or WebP, up to 10 MB each, at least {width} × {height} pixels. Each is cropped to 4:5 and its metadata (camera, place) removed.
    </Trans>
  )
}
