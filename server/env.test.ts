import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { makeTestCertificates, type TestCertificates } from '../tests/helpers/test-certificates.ts'
import { EnvError, loadEnv } from './env.ts'
import { companyVariables } from './company-env.ts'
import { sampleCompany } from '../core/company.ts'
import { isValidTaxId } from '../core/tax-id.ts'
import { stagingCompanyEnv, stagingEnv } from '../tests/helpers/staging-env.ts'

const tempDir = () => mkdtempSync(join(tmpdir(), 'shop-env-'))

describe('loadEnv', () => {
  it('applies the defaults a new user needs', () => {
    const dir = tempDir()
    const env = loadEnv({ DATA_DIR: dir })
    expect(env).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', NODE_ENV: 'development', DATA_DIR: dir, PUBLIC_URL: 'http://localhost:3000' })
    expect(env.DATABASE_URL).toBeUndefined()
  })

  it('generates the development auth secret once and keeps it in DATA_DIR', () => {
    const dir = tempDir()
    const first = loadEnv({ DATA_DIR: dir }).BETTER_AUTH_SECRET
    expect(first.length).toBeGreaterThanOrEqual(32)
    expect(loadEnv({ DATA_DIR: dir }).BETTER_AUTH_SECRET).toBe(first)
    expect(readFileSync(join(dir, 'auth-secret'), 'utf8')).toBe(first)
  })

  it('follows PORT into the default public URL', () => {
    expect(loadEnv({ PORT: '4123', DATA_DIR: tempDir() }).PUBLIC_URL).toBe('http://localhost:4123')
  })

  it('tells the company’s email of orders unless ORDER_NOTIFY_EMAILS lists others, and refuses a list with a wrong address', () => {
    expect(loadEnv({ DATA_DIR: tempDir(), COMPANY_EMAIL: 'tienda@example.com' }).orderNotifyEmails).toEqual(['tienda@example.com'])
    const listed = loadEnv({ DATA_DIR: tempDir(), ORDER_NOTIFY_EMAILS: ' pedidos@example.com,almacen@example.com, pedidos@example.com,' })
    expect(listed.orderNotifyEmails).toEqual(['pedidos@example.com', 'almacen@example.com'])
    expect(() => loadEnv({ DATA_DIR: tempDir(), ORDER_NOTIFY_EMAILS: 'pedidos@example.com; almacen' })).toThrow(
      /ORDER_NOTIFY_EMAILS: not email addresses: pedidos@example.com; almacen/,
    )
  })

  it('requires BETTER_AUTH_SECRET in production', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', DATA_DIR: tempDir() })).toThrow(/BETTER_AUTH_SECRET: required in production/)
  })

  it('allows the built-in test payments in production only with ALLOW_TEST_PAYMENTS, naming both ways out', () => {
    const production = { NODE_ENV: 'production', BETTER_AUTH_SECRET: 'x'.repeat(40), DATA_DIR: tempDir(), ...stagingCompanyEnv() }
    expect(() => loadEnv(production)).toThrow(/STRIPE_SECRET_KEY: required in production.*ALLOW_TEST_PAYMENTS=1/)
    expect(loadEnv({ ...production, ALLOW_TEST_PAYMENTS: '1' }).testPayments).toBe(true)
    expect(loadEnv({ ...production, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', ALLOW_TEST_PAYMENTS: '1' }).testPayments).toBe(
      false,
    )
    expect(loadEnv({ DATA_DIR: tempDir() }).testPayments).toBe(true)
  })

  it('takes STRIPE_API_BASE (a Stripe fake) only outside production', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: 'http://127.0.0.1:12111' }
    expect(loadEnv({ ...stripe, DATA_DIR: tempDir() }).STRIPE_API_BASE).toBe('http://127.0.0.1:12111')
    const production = { NODE_ENV: 'production', BETTER_AUTH_SECRET: 'x'.repeat(40), DATA_DIR: tempDir(), ...stagingCompanyEnv() }
    expect(() => loadEnv({ ...production, ...stripe })).toThrow(/STRIPE_API_BASE: only for a Stripe fake outside production/)
    expect(() => loadEnv({ ...stripe, STRIPE_API_BASE: 'ftp://x', DATA_DIR: tempDir() })).toThrow(/STRIPE_API_BASE/)
  })

  it('reads a secret from NAME_FILE (Docker and Kubernetes secrets), and refuses one given both ways', () => {
    const dir = tempDir()
    const secretFile = join(dir, 'auth-secret')
    writeFileSync(secretFile, `${'s'.repeat(40)}\n`)
    const production = { NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: '1', DATA_DIR: dir, ...stagingCompanyEnv() }
    expect(loadEnv({ ...production, BETTER_AUTH_SECRET_FILE: secretFile }).BETTER_AUTH_SECRET).toBe('s'.repeat(40))
    const urlFile = join(dir, 'database-url')
    writeFileSync(urlFile, 'postgres://shop:p%40ss@db:5432/shop')
    expect(loadEnv({ DATA_DIR: dir, DATABASE_URL_FILE: urlFile }).DATABASE_URL).toBe('postgres://shop:p%40ss@db:5432/shop')
    // Read, then checked by the same rules as the variable itself.
    writeFileSync(secretFile, 'short')
    expect(() => loadEnv({ ...production, BETTER_AUTH_SECRET_FILE: secretFile })).toThrow(/BETTER_AUTH_SECRET: must be at least 32 characters/)
    expect(() => loadEnv({ ...production, BETTER_AUTH_SECRET: 'x'.repeat(40), BETTER_AUTH_SECRET_FILE: secretFile })).toThrow(
      /BETTER_AUTH_SECRET and BETTER_AUTH_SECRET_FILE: give one of them, not both/,
    )
    expect(() => loadEnv({ ...production, STRIPE_SECRET_KEY_FILE: join(dir, 'missing') })).toThrow(
      /STRIPE_SECRET_KEY_FILE: cannot read .*missing \(ENOENT\)/,
    )
  })

  it('trusts no proxy by default; takes a hop count or a list of addresses and ranges', () => {
    expect(loadEnv({ DATA_DIR: tempDir() }).TRUST_PROXY).toBe(false)
    expect(loadEnv({ DATA_DIR: tempDir(), TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1)
    expect(loadEnv({ DATA_DIR: tempDir(), TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1' }).TRUST_PROXY).toEqual(['10.0.0.1', '192.168.0.0/16', '::1'])
    expect(() => loadEnv({ DATA_DIR: tempDir(), TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: a hop count or a comma-separated list/)
    expect(() => loadEnv({ DATA_DIR: tempDir(), TRUST_PROXY: '10.0.0.1/40' })).toThrow(/TRUST_PROXY/)
  })

  it('keeps uploaded pictures in DATA_DIR unless a bucket is set; takes an S3-compatible bucket with both keys or none', () => {
    expect(loadEnv({ DATA_DIR: tempDir() }).s3).toBeNull()
    const env = loadEnv({
      DATA_DIR: tempDir(),
      S3_BUCKET: 'shop',
      S3_ENDPOINT: 'https://minio.example:9000',
      S3_FORCE_PATH_STYLE: '1',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: 'shop/',
    })
    expect(env.s3).toEqual({
      bucket: 'shop',
      region: 'us-east-1',
      endpoint: 'https://minio.example:9000',
      forcePathStyle: true,
      prefix: 'shop/',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    })
    expect(loadEnv({ DATA_DIR: tempDir(), S3_BUCKET: 'shop' }).s3).toMatchObject({ bucket: 'shop', credentials: undefined, forcePathStyle: false })
    expect(() => loadEnv({ DATA_DIR: tempDir(), S3_BUCKET: 'shop', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both/,
    )
    expect(() => loadEnv({ DATA_DIR: tempDir(), S3_ENDPOINT: 'https://minio.example' })).toThrow(/S3_BUCKET: required/)
  })

  describe('VERI*FACTU (VERIFACTU and VERIFACTU_* variables)', () => {
    let made: TestCertificates | undefined
    const certs = () => (made ??= makeTestCertificates())
    const production = () => ({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'x'.repeat(40), DATA_DIR: tempDir(), ...stagingCompanyEnv() })
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }

    it('makes records for the AEAT’s test service by default in development, the company being the system’s producer', () => {
      const env = loadEnv({ DATA_DIR: tempDir() })
      expect(env.verifactu.mode).toBe('test')
      expect(env.verifactu.system).toMatchObject({ NombreRazon: sampleCompany.legalName, NIF: sampleCompany.taxId, NumeroInstalacion: '1' })
    })

    it('asks production to choose, naming the three choices; takes `off` for a staging shop (deploy/staging.env)', () => {
      const withoutMode: Record<string, string> = production()
      delete withoutMode.VERIFACTU
      expect(() => loadEnv({ ...withoutMode, ...stripe })).toThrow(/VERIFACTU: required in production: `production`.*`test`.*`off`/)
      const certificate = { VERIFACTU_CERT_PATH: certs().clientPemPath }
      expect(loadEnv({ ...withoutMode, ...stripe, ...certificate, VERIFACTU: 'production' }).verifactu.mode).toBe('production')
      expect(loadEnv({ ...stagingEnv(), BETTER_AUTH_SECRET: 'x'.repeat(40), DATA_DIR: tempDir() }).verifactu.mode).toBe('off')
    })

    it('never sends real records for simulated payments: `production` needs Stripe', () => {
      expect(() => loadEnv({ ...production(), ALLOW_TEST_PAYMENTS: '1', VERIFACTU: 'production' })).toThrow(
        /VERIFACTU: `production` sends real records to the AEAT, never for simulated payments/,
      )
      expect(() => loadEnv({ DATA_DIR: tempDir(), VERIFACTU: 'production' })).toThrow(/never for simulated payments/)
      expect(() => loadEnv({ DATA_DIR: tempDir(), VERIFACTU: 'on' })).toThrow(/VERIFACTU/)
    })

    it('production refuses to start without the certificate that sends the records, unless VERIFACTU=off', () => {
      expect(() => loadEnv({ ...production(), ...stripe, VERIFACTU: 'production' })).toThrow(
        /VERIFACTU_CERT_PATH: required in production with VERIFACTU=production .*or set VERIFACTU=off/,
      )
      expect(() => loadEnv({ ...production(), ALLOW_TEST_PAYMENTS: '1', VERIFACTU: 'test' })).toThrow(
        /VERIFACTU_CERT_PATH: required in production with VERIFACTU=test/,
      )
      const off = loadEnv({ ...production(), ...stripe, VERIFACTU: 'off' })
      expect(off.verifactuSending).toBeNull()
      // Development makes and keeps the records, sending "not configured".
      expect(loadEnv({ DATA_DIR: tempDir() }).verifactuSending).toBeNull()
    })

    it('reads the certificate at start (PKCS#12 with its password, or PEM) and sends to the service’s address, or VERIFACTU_ENDPOINT', () => {
      const p12 = loadEnv({
        ...production(),
        ...stripe,
        VERIFACTU: 'production',
        VERIFACTU_CERT_PATH: certs().clientLegacyP12Path,
        VERIFACTU_CERT_PASSWORD: certs().password,
      })
      expect(p12.verifactuSending).toMatchObject({
        endpoint: 'https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
        certificate: { subject: expect.stringContaining('CN=B12345674 PANELES TORREVIEJA') },
      })
      const seal = 'https://prewww10.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP'
      expect(loadEnv({ DATA_DIR: tempDir(), VERIFACTU_CERT_PATH: certs().clientPemPath, VERIFACTU_ENDPOINT: seal }).verifactuSending?.endpoint).toBe(
        seal,
      )
      expect(loadEnv({ DATA_DIR: tempDir(), VERIFACTU_CERT_PATH: certs().clientPemPath }).verifactuSending?.endpoint).toBe(
        'https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
      )
      expect(() => loadEnv({ DATA_DIR: tempDir(), VERIFACTU_CERT_PATH: certs().clientP12Path, VERIFACTU_CERT_PASSWORD: 'otra' })).toThrow(
        /VERIFACTU_CERT_PATH: cannot open the PKCS#12 file: wrong VERIFACTU_CERT_PASSWORD\?/,
      )
      expect(() => loadEnv({ DATA_DIR: tempDir(), VERIFACTU_CERT_PATH: '/nowhere/cert.p12' })).toThrow(
        /VERIFACTU_CERT_PATH: cannot read \/nowhere\/cert.p12 \(ENOENT\)/,
      )
      expect(() => loadEnv({ DATA_DIR: tempDir(), VERIFACTU_CERT_PASSWORD: 'x' })).toThrow(
        /VERIFACTU_CERT_PASSWORD: given without VERIFACTU_CERT_PATH/,
      )
      expect(() => loadEnv({ DATA_DIR: tempDir(), VERIFACTU_ENDPOINT: 'http://aeat.example' })).toThrow(/VERIFACTU_ENDPOINT/)
    })

    it('names another producer and installation when set, checking the producer’s NIF', () => {
      const env = loadEnv({
        DATA_DIR: tempDir(),
        VERIFACTU_PRODUCER_NAME: 'Software Levante S.L.',
        VERIFACTU_PRODUCER_TAX_ID: 'b-03999992',
        VERIFACTU_INSTALLATION: 'TIENDA-1',
      })
      expect(env.verifactu.system).toMatchObject({ NombreRazon: 'Software Levante S.L.', NIF: 'B03999992', NumeroInstalacion: 'TIENDA-1' })
      expect(() => loadEnv({ DATA_DIR: tempDir(), VERIFACTU_PRODUCER_TAX_ID: 'B03999993' })).toThrow(
        /VERIFACTU_PRODUCER_TAX_ID: a valid Spanish NIF or CIF/,
      )
    })
  })

  it('lists every invalid variable in one clear message', () => {
    let message = ''
    try {
      loadEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', NODE_ENV: 'staging' })
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError)
      message = (error as Error).message
    }
    expect(message).toMatch(/^Invalid environment:/)
    expect(message).toMatch(/PORT/)
    expect(message).toMatch(/DATABASE_URL/)
    expect(message).toMatch(/NODE_ENV/)
  })

  describe('company facts (COMPANY_* variables)', () => {
    const production = () => ({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'x'.repeat(40), ALLOW_TEST_PAYMENTS: '1', DATA_DIR: tempDir() })
    const problemsOf = (source: Record<string, string>) => {
      try {
        loadEnv(source)
      } catch (error) {
        expect(error).toBeInstanceOf(EnvError)
        return (error as Error).message
      }
      throw new Error('loadEnv accepted the environment')
    }

    it('uses the development samples when unset, and the sample tax id passes the CIF check', () => {
      expect(loadEnv({ DATA_DIR: tempDir() }).company).toEqual(sampleCompany)
      expect(sampleCompany.taxId).toBe('B03999992')
      expect(isValidTaxId(sampleCompany.taxId)).toBe(true)
    })

    it('reads every fact from the environment', () => {
      const company = loadEnv({
        DATA_DIR: tempDir(),
        COMPANY_NAME: 'Murales Sur',
        COMPANY_LEGAL_NAME: 'Murales Sur S.L.',
        COMPANY_TAX_ID: 'b-1234567-4',
        COMPANY_EMAIL: 'hola@murales.example',
        COMPANY_PHONE: '+34 950 11 22 33',
        COMPANY_WHATSAPP: '699 88 77 66',
        COMPANY_STREET: 'Calle Real, 5',
        COMPANY_POSTAL_CODE: '04001',
        COMPANY_CITY: 'Almería',
        COMPANY_PROVINCE: 'Almería',
        COMPANY_HOURS_WEEKDAYS: '8:00–15:00',
        COMPANY_HOURS_SATURDAY: 'cerrado',
        COMPANY_LATITUDE: '36.84',
        COMPANY_LONGITUDE: '-2.46',
      }).company
      expect(company).toEqual({
        name: 'Murales Sur',
        legalName: 'Murales Sur S.L.',
        taxId: 'B12345674',
        email: 'hola@murales.example',
        phone: '+34 950 11 22 33',
        phoneDigits: '34950112233',
        whatsappDigits: '34699887766',
        address: { street: 'Calle Real, 5', postalCode: '04001', city: 'Almería', province: 'Almería', country: 'ES' },
        openingHours: { weekdays: '8:00–15:00', saturday: 'cerrado' },
        map: { latitude: 36.84, longitude: -2.46, zoom: sampleCompany.map.zoom },
      })
    })

    it('refuses a tax id that fails the CIF check, a bad email, phone or postal code, naming each', () => {
      const message = problemsOf({
        DATA_DIR: tempDir(),
        COMPANY_TAX_ID: 'B-03999999',
        COMPANY_EMAIL: 'info-at-shop',
        COMPANY_PHONE: '12 34',
        COMPANY_POSTAL_CODE: '3181',
        COMPANY_LATITUDE: '120',
      })
      for (const name of ['COMPANY_TAX_ID', 'COMPANY_EMAIL', 'COMPANY_PHONE', 'COMPANY_POSTAL_CODE', 'COMPANY_LATITUDE'])
        expect(message).toContain(name)
      expect(message).toContain('a valid Spanish CIF or NIF')
    })

    it('refuses to start in production while any sample is left, naming each variable', () => {
      const message = problemsOf(production())
      for (const name of companyVariables) expect(message).toMatch(new RegExp(`- ${name}: required in production`))
    })

    it('refuses in production a variable set to its sample value, naming it', () => {
      const message = problemsOf({ ...production(), ...stagingCompanyEnv(), COMPANY_TAX_ID: 'B03999992', COMPANY_EMAIL: sampleCompany.email })
      expect(message).toContain('COMPANY_TAX_ID: still the development sample "B03999992"')
      expect(message).toContain(`COMPANY_EMAIL: still the development sample "${sampleCompany.email}"`)
      expect(message).not.toContain('COMPANY_NAME')
    })

    it('starts the staging shop (deploy/staging.env) with its own, non-sample facts', () => {
      const env = loadEnv({ ...stagingEnv(), BETTER_AUTH_SECRET: 'x'.repeat(40), DATA_DIR: tempDir() })
      expect(env.isProduction).toBe(true)
      expect(isValidTaxId(env.company.taxId)).toBe(true)
      for (const key of ['name', 'legalName', 'taxId', 'email', 'phone', 'whatsappDigits'] as const)
        expect(env.company[key]).not.toBe(sampleCompany[key])
      expect(env.company.address.street).not.toBe(sampleCompany.address.street)
    })
  })
})
