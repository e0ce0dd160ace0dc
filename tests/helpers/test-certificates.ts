/**
 * Certificates the VERI*FACTU tests make with OpenSSL: an authority, the fake AEAT's server
 * certificate for 127.0.0.1, and the company's client certificate as PEM, as a PKCS#12 file of
 * today's OpenSSL (AES-256) and as a legacy one (RC2/3DES, how many Spanish certificates are exported).
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface TestCertificates {
  dir: string
  ca: string
  server: { cert: string; key: string }
  /** Certificate and key in one PEM file. */
  clientPemPath: string
  clientP12Path: string
  clientLegacyP12Path: string
  /** Signed by another authority: the fake AEAT refuses it. */
  strangerPemPath: string
  password: string
}

const openssl = (dir: string, ...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' })

function signed(dir: string, name: string, subject: string, ca: string, days: number, extensions?: string) {
  openssl(dir, 'req', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', subject)
  if (extensions) writeFileSync(join(dir, `${name}.ext`), extensions)
  openssl(
    dir,
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    `${ca}.crt`,
    '-CAkey',
    `${ca}.key`,
    '-CAcreateserial',
    '-out',
    `${name}.crt`,
    '-days',
    String(days),
    ...(extensions ? ['-extfile', `${name}.ext`] : []),
  )
}

/** Makes the set in a temporary folder (about a second: four RSA keys). `clientDays`: how long the company's certificate lasts. */
export function makeTestCertificates(clientDays = 365): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'verifactu-certs-'))
  const password = 'contraseña de prueba'
  for (const ca of ['ca', 'stranger-ca']) {
    openssl(
      dir,
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      `${ca}.key`,
      '-out',
      `${ca}.crt`,
      '-days',
      '30',
      '-subj',
      `/CN=${ca} de pruebas`,
    )
  }
  signed(dir, 'server', '/CN=127.0.0.1', 'ca', 30, 'subjectAltName=IP:127.0.0.1,DNS:localhost\n')
  signed(dir, 'client', '/C=ES/O=Paneles Torrevieja S.L./serialNumber=VATES-B12345674/CN=B12345674 PANELES TORREVIEJA', 'ca', clientDays)
  signed(dir, 'stranger', '/CN=nadie', 'stranger-ca', 30)
  const read = (file: string) => readFileSync(join(dir, file), 'utf8')
  writeFileSync(join(dir, 'client.pem'), read('client.crt') + read('client.key'))
  writeFileSync(join(dir, 'stranger.pem'), read('stranger.crt') + read('stranger.key'))
  const export12 = (out: string, ...extra: string[]) =>
    openssl(
      dir,
      'pkcs12',
      '-export',
      ...extra,
      '-in',
      'client.crt',
      '-inkey',
      'client.key',
      '-certfile',
      'ca.crt',
      '-out',
      out,
      '-passout',
      `pass:${password}`,
    )
  export12('client.p12')
  // What OpenSSL 1.x and Windows make: RC2-40 for the certificates, 3DES for the key, SHA-1 MAC.
  export12('client-legacy.p12', '-legacy')
  return {
    dir,
    ca: read('ca.crt'),
    server: { cert: read('server.crt'), key: read('server.key') },
    clientPemPath: join(dir, 'client.pem'),
    clientP12Path: join(dir, 'client.p12'),
    clientLegacyP12Path: join(dir, 'client-legacy.p12'),
    strangerPemPath: join(dir, 'stranger.pem'),
    password,
  }
}
