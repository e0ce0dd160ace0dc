import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { makeTestCertificates, type TestCertificates } from '../../../tests/helpers/test-certificates.ts'
import { CertificateError, daysLeft, readClientCertificate } from './certificate.ts'

// The company's certificate for the AEAT (VERIFACTU_CERT_PATH, read as bytes): PEM, today's
// PKCS#12 and the legacy-encrypted PKCS#12 many Spanish certificates come as, with a password
// that is not ASCII; the certificate of the key first, whatever the file's order.

let certs: TestCertificates
beforeAll(() => {
  certs = makeTestCertificates(20)
})

describe('reading the company’s certificate', () => {
  it('reads a PEM file, a PKCS#12 file and a legacy (RC2/3DES) PKCS#12 file to the same certificate and key', () => {
    const read = [certs.clientPemPath, certs.clientP12Path, certs.clientLegacyP12Path].map((path) =>
      readClientCertificate(readFileSync(path), certs.password),
    )
    for (const certificate of read) {
      expect(certificate.subject).toContain('CN=B12345674 PANELES TORREVIEJA')
      expect(certificate.cert.startsWith('-----BEGIN CERTIFICATE-----')).toBe(true)
      expect(certificate.key).toBe(read[0]!.key)
      expect(certificate.notAfter).toEqual(read[0]!.notAfter)
    }
    // The PKCS#12 files carry the authority too: it follows the company's own certificate.
    expect(read[1]!.cert.match(/BEGIN CERTIFICATE/g)).toHaveLength(2)
    expect(read[1]!.cert.split('-----END CERTIFICATE-----')[0]).toBe(read[0]!.cert.split('-----END CERTIFICATE-----')[0])
  })

  it('says what is wrong: a wrong password, a PEM without its key, a key of another certificate, bytes that are no certificate', () => {
    expect(() => readClientCertificate(readFileSync(certs.clientP12Path), 'contrasena de prueba')).toThrow(
      new CertificateError('cannot open the PKCS#12 file: wrong VERIFACTU_CERT_PASSWORD?'),
    )
    expect(() => readClientCertificate(readFileSync(certs.clientLegacyP12Path), undefined)).toThrow(/wrong VERIFACTU_CERT_PASSWORD/)
    const pem = readFileSync(certs.clientPemPath, 'utf8')
    const onlyCertificate = pem.slice(0, pem.indexOf('-----BEGIN PRIVATE KEY-----'))
    expect(() => readClientCertificate(Buffer.from(onlyCertificate), undefined)).toThrow('the PEM file must hold the certificate and its private key')
    const stranger = readFileSync(certs.strangerPemPath, 'utf8')
    const mixed = join(certs.dir, 'mixed.pem')
    writeFileSync(mixed, onlyCertificate + stranger.slice(stranger.indexOf('-----BEGIN PRIVATE KEY-----')))
    expect(() => readClientCertificate(readFileSync(mixed), undefined)).toThrow('the file holds no certificate of its private key')
    expect(() => readClientCertificate(Buffer.from('not a certificate'), 'x')).toThrow(/not a PKCS#12 file/)
  })

  it('counts the days left before it expires', () => {
    const certificate = readClientCertificate(readFileSync(certs.clientPemPath), undefined)
    expect(daysLeft(certificate, new Date())).toBe(19)
    expect(daysLeft(certificate, new Date(certificate.notAfter.getTime() + 86_400_000))).toBe(-1)
  })
})
