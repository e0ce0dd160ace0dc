import { base32 } from '@better-auth/utils/base32'
import { createOTP } from '@better-auth/utils/otp'

/** The current code of an authenticator app set up with this Base32 key (or otpauth:// URI). */
export async function totpCode(keyOrUri: string): Promise<string> {
  const key = keyOrUri.startsWith('otpauth://') ? new URL(keyOrUri).searchParams.get('secret')! : keyOrUri
  return createOTP(base32.decode(key.replace(/\s+/g, ''))).totp()
}
