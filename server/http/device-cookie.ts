import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'

/** A browser that completed a sign-in to an account: the account's id and the browser's own id. */
export interface Device {
  userId: string
  deviceId: string
}

/** 180 days: the cookie's life, and the oldest issue date it is believed with. */
export const deviceCookieMaxAgeSeconds = 180 * 24 * 60 * 60
/** `__Host-` prefixed (Secure, Path=/, no Domain) over https, like the cart's. */
export const deviceCookieName = (secure: boolean) => (secure ? '__Host-sign_in_device' : 'sign_in_device')

const version = 'v1'
const idPattern = /^[A-Za-z0-9_-]{1,100}$/
const issuedPattern = /^[0-9]{1,12}$/
/** A clock a little ahead on another instance does not make a fresh cookie invalid. */
const clockSkewSeconds = 5 * 60

/**
 * OWASP's device cookies (docs/decisions/008): a browser that completed a sign-in (the password, and
 * the second factor when the account has it on) keeps `v1.<userId>.<deviceId>.<issuedAt>.<hmac>`,
 * signed with a key derived from BETTER_AUTH_SECRET. Its account's wait after strangers' wrong
 * passwords does not hold it back; it never stands in for the password or the second factor. A
 * forged, tampered or expired value is no device at all.
 */
export function deviceCookies(opts: { secret: string; secure: boolean; now?: () => number }) {
  const key = createHmac('sha256', opts.secret).update('sign-in-device-cookie').digest()
  const now = opts.now ?? Date.now
  const name = deviceCookieName(opts.secure)
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url')

  function sign(device: Device, issuedAt = Math.floor(now() / 1000)): string {
    const payload = `${version}.${device.userId}.${device.deviceId}.${issuedAt}`
    return `${payload}.${mac(payload)}`
  }

  function verify(value: string | undefined): Device | null {
    if (value === undefined || value.length > 400) return null
    const parts = value.split('.')
    if (parts.length !== 5) return null
    const [tag, userId = '', deviceId = '', issued = '', signature = ''] = parts
    if (tag !== version || !idPattern.test(userId) || !idPattern.test(deviceId) || !issuedPattern.test(issued)) return null
    const expected = Buffer.from(mac(`${tag}.${userId}.${deviceId}.${issued}`))
    const given = Buffer.from(signature)
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
    const age = Math.floor(now() / 1000) - Number(issued)
    if (age >= deviceCookieMaxAgeSeconds || age < -clockSkewSeconds) return null
    return { userId, deviceId }
  }

  return {
    name,
    sign,
    /** The device the request's cookie names, when this shop signed it less than 180 days ago; else null. */
    read: (req: FastifyRequest): Device | null => verify(req.cookies[name]),
    /**
     * Sets the cookie for a browser that just completed a sign-in; a browser that already held one
     * for the same user keeps its device id (its failures stay counted), with a new issue date.
     */
    issue(reply: FastifyReply, userId: string, held: Device | null) {
      const deviceId = held?.userId === userId ? held.deviceId : randomBytes(16).toString('base64url')
      reply.setCookie(name, sign({ userId, deviceId }), {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: opts.secure,
        maxAge: deviceCookieMaxAgeSeconds,
      })
    },
  }
}

export type DeviceCookies = ReturnType<typeof deviceCookies>
