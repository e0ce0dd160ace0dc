// s3rver ships no types: the part of its API the tests use (a local S3 server, tests only).
declare module 's3rver' {
  interface BucketConfig {
    name: string
    configs: Array<string | Buffer>
  }
  interface S3rverOptions {
    port?: number
    address?: string
    directory: string
    silent?: boolean
    configureBuckets?: BucketConfig[]
  }
  export default class S3rver {
    constructor(options: S3rverOptions)
    run(): Promise<unknown>
    close(): Promise<void>
  }
}
