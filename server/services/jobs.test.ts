import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../db/client.ts'
import { jobs } from '../db/schema/index.ts'
import { createJobQueue, type JobHandler } from './jobs.ts'
import { createTestDatabase } from '../../tests/helpers/db.ts'
import { recordingLog, testClock } from '../../tests/helpers/test-clock.ts'

// The jobs a transaction queues for after its commit (docs/decisions/022): queued with the change or
// not at all, run once per key, retried when they fail, given up after three days.

let database: DatabaseHandle
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database.close()
})
// Each case starts with no job due: a pass runs every due job, not only the case's own.
beforeEach(async () => {
  await database.db.delete(jobs)
})

const seconds = (n: number) => n * 1000
const days = (n: number) => n * 24 * 3_600_000
let keys = 0
const uniqueKey = () => `test-job:${Date.now()}:${keys++}`

/** A queue over the test database whose one handler records what it ran, and fails while `failing`. */
function queue(opts: { failing?: () => boolean; slow?: Promise<void>; waitMs?: number } = {}) {
  const clock = testClock()
  const log = recordingLog()
  const ran: unknown[] = []
  const handler: JobHandler = async (payload) => {
    await opts.slow
    if (opts.failing?.()) throw new Error('mail server unreachable')
    ran.push(payload)
  }
  const jobQueue = createJobQueue(
    database.db,
    { note: handler },
    { log, clock: clock.now, ...(opts.waitMs === undefined ? {} : { waitMs: opts.waitMs }) },
  )
  return { jobQueue, clock, log, ran }
}

const rowOf = async (key: string) => (await database.db.select().from(jobs).where(eq(jobs.key, key)))[0]

describe('the jobs queue', () => {
  it('queues a job with the transaction that asks for it, and none when that transaction rolls back', async () => {
    const { jobQueue } = queue()
    const kept = uniqueKey()
    const lost = uniqueKey()
    await database.db.transaction((tx) => jobQueue.enqueue(tx, { kind: 'note', key: kept, payload: { n: 1 } }))
    await expect(
      database.db.transaction(async (tx) => {
        await jobQueue.enqueue(tx, { kind: 'note', key: lost, payload: { n: 2 } })
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    expect(await rowOf(kept)).toMatchObject({ status: 'pending', attempts: 0, payload: { n: 1 } })
    expect(await rowOf(lost)).toBeUndefined()
  })

  it('queues one job per key, and runs it once however often it is asked to', async () => {
    const { jobQueue, ran } = queue()
    const key = uniqueKey()
    const first = await jobQueue.enqueue(database.db, { kind: 'note', key, payload: { n: 1 } })
    expect(await jobQueue.enqueue(database.db, { kind: 'note', key, payload: { n: 2 } })).toBeNull()
    await Promise.all([jobQueue.run([first!]), jobQueue.run([first!]), jobQueue.runDue()])
    await jobQueue.run([first!])
    expect(ran).toEqual([{ n: 1 }])
    expect(await rowOf(key)).toMatchObject({ status: 'done', attempts: 1, lockToken: null })
  })

  it('leaves a job another instance holds to it until its lease runs out', async () => {
    let release = () => {}
    const slow = new Promise<void>((resolve) => (release = resolve))
    const holder = queue({ slow })
    const other = queue()
    const key = uniqueKey()
    const id = await holder.jobQueue.enqueue(database.db, { kind: 'note', key, payload: { n: 3 } })
    const running = holder.jobQueue.run([id!])
    // The holder's run is under way (claimed): the other instance finds nothing to do.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await other.jobQueue.runDue()).toEqual({ done: 0, retrying: 0, failed: 0 })
    release()
    await running
    expect(holder.ran).toEqual([{ n: 3 }])
    expect(other.ran).toEqual([])
  })

  it('keeps its caller waiting no longer than waitMs: a slow job is finished after the answer, and settle waits for it', async () => {
    let release = () => {}
    const slow = new Promise<void>((resolve) => (release = resolve))
    const { jobQueue, ran } = queue({ slow, waitMs: 100 })
    const key = uniqueKey()
    const id = await jobQueue.enqueue(database.db, { kind: 'note', key, payload: { n: 4 } })
    const started = performance.now()
    await jobQueue.run([id!])
    expect(performance.now() - started).toBeLessThan(1_000)
    expect(ran).toEqual([])
    expect(await rowOf(key)).toMatchObject({ status: 'pending', attempts: 1 })
    // Claimed by this run: the worker does not run it a second time meanwhile.
    expect(await jobQueue.runDue()).toEqual({ done: 0, retrying: 0, failed: 0 })
    release()
    await jobQueue.settle()
    expect(ran).toEqual([{ n: 4 }])
    expect(await rowOf(key)).toMatchObject({ status: 'done', attempts: 1 })
  })

  it('waits for a quick job as before: done when run answers, and waitMs 0 waits however long it takes', async () => {
    for (const waitMs of [2_000, 0]) {
      const { jobQueue, ran } = queue({ waitMs })
      const key = uniqueKey()
      await jobQueue.run([(await jobQueue.enqueue(database.db, { kind: 'note', key, payload: { waitMs } }))!])
      expect(ran).toEqual([{ waitMs }])
      expect(await rowOf(key)).toMatchObject({ status: 'done' })
    }
  })

  it('retries a failing job after 30 s, doubling, and marks it failed after three days (logged as an error)', async () => {
    let failing = true
    const { jobQueue, clock, log, ran } = queue({ failing: () => failing })
    const key = uniqueKey()
    const id = await jobQueue.enqueue(database.db, { kind: 'note', key, payload: { n: 4 } })
    await jobQueue.run([id!])
    expect(await rowOf(key)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'mail server unreachable' })
    expect((await rowOf(key))!.nextAttemptAt.getTime() - clock.now().getTime()).toBe(seconds(30))
    clock.advance(seconds(29))
    expect((await jobQueue.runDue()).retrying).toBe(0)
    clock.advance(seconds(1))
    expect((await jobQueue.runDue()).retrying).toBe(1)
    expect((await rowOf(key))!.nextAttemptAt.getTime() - clock.now().getTime()).toBe(seconds(60))
    expect(log.lines).toContainEqual(expect.objectContaining({ level: 'warn', msg: 'job failed: kept and retried later' }))

    failing = false
    clock.advance(seconds(60))
    expect((await jobQueue.runDue()).done).toBe(1)
    expect(ran).toEqual([{ n: 4 }])

    failing = true
    const doomed = uniqueKey()
    await jobQueue.run([(await jobQueue.enqueue(database.db, { kind: 'note', key: doomed, payload: {} }))!])
    clock.advance(days(3))
    expect((await jobQueue.runDue()).failed).toBe(1)
    expect(await rowOf(doomed)).toMatchObject({ status: 'failed', lockToken: null })
    expect(log.lines).toContainEqual(expect.objectContaining({ level: 'error', msg: 'job given up after retrying: marked failed' }))
  })

  it('forgets jobs done long ago, and with them their keys', async () => {
    const { jobQueue, clock } = queue()
    const key = uniqueKey()
    await jobQueue.run([(await jobQueue.enqueue(database.db, { kind: 'note', key, payload: {} }))!])
    clock.advance(days(31))
    expect(await jobQueue.purgeDone()).toBeGreaterThanOrEqual(1)
    expect(await rowOf(key)).toBeUndefined()
  })
})
