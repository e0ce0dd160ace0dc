import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type * as S3Sdk from '@aws-sdk/client-s3'

/**
 * Where uploaded pictures live (docs/product.md#owner): files under DATA_DIR by default; with
 * `S3_BUCKET`, any S3-compatible bucket, so that several instances serve the same pictures. Keys
 * are content-hashed (core/pictures.ts): a key's bytes never change, so a put may be repeated and a
 * read cached forever.
 */
export interface MediaStore {
  readonly kind: 'files' | 's3'
  put(key: string, body: Buffer, contentType: string): Promise<void>
  /** The stored bytes and their type, or null when there is no such key. */
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>
  delete(keys: readonly string[]): Promise<void>
}

const contentTypes: Record<string, string> = { avif: 'image/avif', webp: 'image/webp' }
const typeOf = (key: string) => contentTypes[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream'

/** Files in `dir` (DATA_DIR/media), written to a temporary name first so a reader never sees half a file. */
export function fileMediaStore(dir: string): MediaStore {
  const pathOf = (key: string) => join(dir, ...key.split('/'))
  return {
    kind: 'files',
    async put(key, body) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      const temporary = `${path}.${process.pid}.${Date.now()}.tmp`
      await writeFile(temporary, body)
      await rename(temporary, path)
    },
    async get(key) {
      try {
        return { body: await readFile(pathOf(key)), contentType: typeOf(key) }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })))
    },
  }
}

export interface S3Settings {
  bucket: string
  region: string
  /** An S3-compatible service's address (MinIO, R2, …); unset: AWS itself. */
  endpoint?: string | undefined
  /** Bucket in the path instead of the host name: what most S3-compatible services need. */
  forcePathStyle: boolean
  /** Unset: the AWS SDK's own chain (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined
  /** Keys go under this folder of the bucket (e.g. "shop/"), so a bucket can hold other things too. */
  prefix?: string | undefined
}

/**
 * Objects in an S3-compatible bucket, through the AWS SDK. The SDK is loaded on first use: a shop
 * that keeps its pictures in DATA_DIR never holds it in memory.
 */
export function s3MediaStore(settings: S3Settings): MediaStore {
  let connecting: Promise<{ client: S3Sdk.S3Client; sdk: typeof S3Sdk }> | undefined
  const connect = () =>
    (connecting ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        forcePathStyle: settings.forcePathStyle,
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        ...(settings.credentials ? { credentials: settings.credentials } : {}),
      }),
    })))
  const Bucket = settings.bucket
  const objectKey = (key: string) => `${settings.prefix ?? ''}${key}`
  return {
    kind: 's3',
    async put(key, body, contentType) {
      const { client, sdk } = await connect()
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: objectKey(key),
          Body: body,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      )
    },
    async get(key) {
      const { client, sdk } = await connect()
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: objectKey(key) }))
        if (!object.Body) return null
        return { body: Buffer.from(await object.Body.transformToByteArray()), contentType: object.ContentType ?? typeOf(key) }
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || (error as { name?: string }).name === 'NotFound') return null
        throw error
      }
    },
    async delete(keys) {
      if (keys.length === 0) return
      const { client, sdk } = await connect()
      await client.send(new sdk.DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.map((key) => ({ Key: objectKey(key) })), Quiet: true } }))
    },
  }
}
