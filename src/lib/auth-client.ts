import { createAuthClient } from 'better-auth/react'
import { twoFactorClient } from 'better-auth/client/plugins'

/** better-auth's browser client, talking to /api/auth on this origin (with the two-factor endpoints). */
export const authClient = createAuthClient({ basePath: '/api/auth', plugins: [twoFactorClient()] })
