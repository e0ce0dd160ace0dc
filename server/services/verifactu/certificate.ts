/**
 * The company's certificate for the AEAT's web service (mutual TLS): VERIFACTU_CERT_PATH read as
 * bytes, either a PKCS#12 file (.p12/.pfx, with VERIFACTU_CERT_PASSWORD) or PEM (certificate and
 * private key in one file). PKCS#12 is read with node-forge rather than by OpenSSL: the files
 * Spanish certificate authorities and Windows export are often encrypted with RC2 or 3DES, which
 * OpenSSL 3 (Node's) refuses without its legacy provider.
 */
import { createPrivateKey, X509Certificate } from 'node:crypto'
import forge from 'node-forge'

export interface ClientCertificate {
  /** PEM, for `https.request`'s `cert` and `key`. */
  cert: string
  key: string
  /** Whose it is (the subject), for the logs and the admin. */
  subject: string
  notAfter: Date
}

export class CertificateError extends Error {
  override name = 'CertificateError'
}

const pemBlock = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]+?-----END \1-----/g

/** The certificates and the private key a file holds, in PEM. */
interface Contents {
  certificates: string[]
  key: string
}

function fromPem(text: string): Contents {
  const blocks = [...text.matchAll(pemBlock)].map((match) => ({ label: match[1] ?? '', pem: match[0] }))
  const certificates = blocks.filter((block) => block.label === 'CERTIFICATE').map((block) => block.pem)
  const key = blocks.find((block) => block.label.endsWith('PRIVATE KEY'))
  if (certificates.length === 0 || !key) throw new CertificateError('the PEM file must hold the certificate and its private key')
  if (key.label === 'ENCRYPTED PRIVATE KEY') throw new CertificateError('the PEM private key is encrypted: give it unencrypted, or a PKCS#12 file')
  return { certificates, key: key.pem }
}

function fromPkcs12(bytes: Buffer, password: string): Contents {
  let p12: forge.pkcs12.Pkcs12Pfx
  // node-forge hands the password to PBKDF2 (today's PKCS#12, PBES2) as one byte per character,
  // where OpenSSL and RFC 8018 use its UTF-8 bytes: "contraseña" would not open. The legacy key
  // derivation and the MAC take it as BMP characters, which forge gets right. (Synchronous: the
  // original is back before anything else runs.)
  const pbkdf2 = forge.pkcs5.pbkdf2
  try {
    const utf8Pbkdf2 = (secret: string, ...rest: unknown[]): unknown => Reflect.apply(pbkdf2, forge.pkcs5, [forge.util.encodeUtf8(secret), ...rest])
    // The same overloaded function with its first argument re-encoded.
    forge.pkcs5.pbkdf2 = utf8Pbkdf2 as typeof pbkdf2
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(bytes.toString('binary')))
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new CertificateError(
      /mac|password|decrypt/i.test(reason) ? 'cannot open the PKCS#12 file: wrong VERIFACTU_CERT_PASSWORD?' : `not a PKCS#12 file (${reason})`,
    )
  } finally {
    forge.pkcs5.pbkdf2 = pbkdf2
  }
  const bagsOf = (name: 'pkcs8ShroudedKeyBag' | 'keyBag' | 'certBag') => {
    const type = forge.pki.oids[name]
    return type ? (p12.getBags({ bagType: type })[type] ?? []) : []
  }
  const key = [...bagsOf('pkcs8ShroudedKeyBag'), ...bagsOf('keyBag')].find((bag) => bag.key)?.key
  const certificates = bagsOf('certBag').flatMap((bag) => (bag.cert ? [forge.pki.certificateToPem(bag.cert)] : []))
  if (!key || certificates.length === 0) throw new CertificateError('the PKCS#12 file must hold a certificate and its private key')
  return { certificates, key: forge.pki.privateKeyToPem(key) }
}

function privateKey(pem: string) {
  try {
    return createPrivateKey(pem)
  } catch {
    throw new CertificateError('the private key cannot be read')
  }
}

/** Reads the certificate file's bytes: PEM when it says so, PKCS#12 otherwise. */
export function readClientCertificate(bytes: Buffer, password: string | undefined): ClientCertificate {
  const text = bytes.toString('latin1')
  const contents = text.includes('-----BEGIN ') ? fromPem(text) : fromPkcs12(bytes, password ?? '')
  const key = privateKey(contents.key)
  const certificates = contents.certificates.map((pem) => {
    try {
      return { pem, x509: new X509Certificate(pem) }
    } catch {
      throw new CertificateError('a certificate in the file cannot be read')
    }
  })
  // The certificate of the private key goes first; the authorities that issued it follow.
  const own = certificates.find((certificate) => certificate.x509.checkPrivateKey(key))
  if (!own) throw new CertificateError('the file holds no certificate of its private key')
  const chain = [own, ...certificates.filter((certificate) => certificate !== own)]
  return {
    cert: chain.map((certificate) => certificate.pem.replace(/\r\n/g, '\n').trim()).join('\n'),
    key: key.export({ format: 'pem', type: 'pkcs8' }).toString(),
    subject: own.x509.subject.replace(/\n/g, ', '),
    notAfter: new Date(own.x509.validTo),
  }
}

/** How long before its expiry the shop starts warning (ARCHITECTURE: 30 days). */
export const certificateWarningDays = 30

/** Days left before the certificate expires (negative once expired). */
export const daysLeft = (certificate: Pick<ClientCertificate, 'notAfter'>, now: Date) =>
  Math.floor((certificate.notAfter.getTime() - now.getTime()) / 86_400_000)
