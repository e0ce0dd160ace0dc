// The environment's documentation, next to its schema (env.ts): README's table and .env.example are
// generated from here (`npm run docs:env`), and a test fails when a variable of the schema has no
// entry or either file is stale, so the documentation cannot drift.

export interface EnvDoc {
  names: readonly string[]
  /** As README shows it (Markdown). */
  default: string
  /** As README shows it (Markdown). */
  meaning: string
}

/** Documented, but read by the tests only (not by the server's schema). */
export const testOnlyVariables = ['TEST_DATABASE_URL'] as const

export const envDocs: readonly EnvDoc[] = [
  {
    names: ['NODE_ENV'],
    default: '`development`',
    meaning: "`production` requires `BETTER_AUTH_SECRET`, Stripe keys (or `ALLOW_TEST_PAYMENTS=1`) and the company's `COMPANY_*` facts",
  },
  {
    names: ['PORT'],
    default: '`3000`',
    meaning: 'HTTP port',
  },
  {
    names: ['HOST'],
    default: '`0.0.0.0`',
    meaning: 'interface to listen on',
  },
  {
    names: ['DATA_DIR'],
    default: '`./data`',
    meaning: 'embedded database, generated development secret, mail outbox',
  },
  {
    names: ['DATABASE_URL'],
    default: '(unset)',
    meaning: '`postgres://…`: use this PostgreSQL instead of the embedded PGlite',
  },
  {
    names: ['PUBLIC_URL'],
    default: '`http://localhost:$PORT`',
    meaning: "the shop's public origin: canonical links, sitemap, auth origin checks",
  },
  {
    names: ['BETTER_AUTH_SECRET'],
    default: 'generated into `DATA_DIR` in development',
    meaning: 'session signing secret, at least 32 characters; required in production',
  },
  {
    names: ['LOG_LEVEL'],
    default: '`info`',
    meaning: '`fatal` … `trace`, or `silent`',
  },
  {
    names: ['ADMIN_EMAILS'],
    default: '(unset)',
    meaning: 'comma-separated emails that get the admin role, at start and when the address is verified (verified addresses only)',
  },
  {
    names: ['SESSION_IDLE_HOURS', 'SESSION_MAX_HOURS', 'ADMIN_SESSION_IDLE_HOURS'],
    default: '`168`, `720`, `12`',
    meaning:
      "a session ends after this many hours without use, this many hours after sign-in at the latest, and an admin's after this many idle hours",
  },
  {
    names: ['ADMIN_REQUIRE_2FA'],
    default: 'on in production',
    meaning: '`0`: admins may use `/admin` without two-factor (`deploy/staging.env` sets it for test runs); `1`: required in any mode',
  },
  {
    names: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
    default: '(unset)',
    meaning: 'real card payments through Stripe Checkout; set both (unset: the built-in test payment page)',
  },
  {
    names: ['STRIPE_API_BASE'],
    default: '(unset)',
    meaning: "Stripe's API at another address (stripe-mock, the tests' fake Stripe); refused in production",
  },
  {
    names: ['SMTP_URL'],
    default: '(unset)',
    meaning: '`smtp://` or `smtps://` URL of the mail server (unset: `.eml` files in `DATA_DIR/outbox`)',
  },
  {
    names: ['MAIL_FROM'],
    default: 'company name and email',
    meaning: 'sender of outgoing mail',
  },
  {
    names: ['ORDER_NOTIFY_EMAILS'],
    default: '`COMPANY_EMAIL`',
    meaning: 'comma-separated addresses told of every paid order, contact message and wholesale request',
  },
  {
    names: ['REDIS_URL'],
    default: '(unset)',
    meaning: '`redis://…`: rate limits (sign-in, checkout) shared by every instance; unset: kept in memory',
  },
  {
    names: ['TRUST_PROXY'],
    default: '(unset: no proxy trusted)',
    meaning:
      'behind a load balancer: a hop count (`1`) or comma-separated proxy addresses/CIDR ranges; only then are `X-Forwarded-For/-Host/-Proto` believed',
  },
  {
    names: ['ALLOW_TEST_PAYMENTS'],
    default: '(unset)',
    meaning:
      '`1`: a production (staging) shop without Stripe keys takes simulated payments, with a test-mode label on every page; without it, production needs Stripe keys',
  },
  {
    names: [
      'COMPANY_NAME',
      'COMPANY_LEGAL_NAME',
      'COMPANY_TAX_ID',
      'COMPANY_EMAIL',
      'COMPANY_PHONE',
      'COMPANY_WHATSAPP',
      'COMPANY_STREET',
      'COMPANY_POSTAL_CODE',
      'COMPANY_CITY',
      'COMPANY_PROVINCE',
      'COMPANY_HOURS_WEEKDAYS',
      'COMPANY_HOURS_SATURDAY',
      'COMPANY_LATITUDE',
      'COMPANY_LONGITUDE',
    ],
    default: 'development samples (`core/company.ts`)',
    meaning:
      "the company's facts on every page, email and the PDF catalog: trade name, legal name, Spanish CIF (checked), email, phone and WhatsApp with country code, showroom address, opening hours, map point. The server sends them with each page, so one build serves any shop. Production refuses to start while any is unset or an invented sample (names, tax id, email, phones, street) is left, naming each; `deploy/staging.env` sets a staging company",
  },
  {
    names: ['VAT_RATE'],
    default: '`21`',
    meaning: "the IVA (percent, up to 2 decimals) the shop's prices include: invoices print the taxable base and this IVA",
  },
  {
    names: ['SURCHARGE_RATE'],
    default: 'the one the law pairs with `VAT_RATE` (`5.2` with 21)',
    meaning:
      'the recargo de equivalencia (percent) added on top for wholesale customers the admin puts under it (docs/decisions/029); it must be one the AEAT admits with `VAT_RATE` (21: 5.2 or 1.75), or the shop refuses to start',
  },
  {
    names: ['VERIFACTU'],
    default: '`test` (required in production)',
    meaning:
      'VERI*FACTU billing records (docs/decisions/027): `production` or `test` make a chained, fingerprinted record of every invoice in the transaction that issues it and print the AEAT\'s QR code (its real or test verification service) and "Factura verificable en la sede electrónica de la AEAT" on the invoice; `off` makes none and prints neither (a staging shop: `deploy/staging.env`). The chain starts at the first invoice issued after leaving `off`. `production` is refused with simulated payments',
  },
  {
    names: ['VERIFACTU_PRODUCER_NAME', 'VERIFACTU_PRODUCER_TAX_ID', 'VERIFACTU_INSTALLATION'],
    default: 'the company (`COMPANY_LEGAL_NAME`, `COMPANY_TAX_ID`); `1`',
    meaning:
      "who produced the billing system and this installation's number, as every record names them (SistemaInformatico): set them when the shop is run for a company by someone else",
  },
  {
    names: ['VERIFACTU_CERT_PATH', 'VERIFACTU_CERT_PASSWORD'],
    default: '(unset: records kept, not sent; required in production unless `VERIFACTU=off`)',
    meaning:
      "the company's certificate for the AEAT's web service (docs/decisions/028; README: Sending invoices to Hacienda): a PKCS#12 file (.p12/.pfx, legacy RC2/3DES encryption too) with its password, or a PEM file holding the certificate and its unencrypted key. Read and checked at start; with it, one instance at a time sends the records in chain order (at most 1.000 a message, waiting what the AEAT asks between messages), and the log and `/admin` warn from 30 days before it expires. `VERIFACTU_CERT_PASSWORD` may be given as `VERIFACTU_CERT_PASSWORD_FILE`",
  },
  {
    names: ['VERIFACTU_ENDPOINT'],
    default: "the AEAT's address for `VERIFACTU` (`prewww1.aeat.es` for `test`, `www1.agenciatributaria.gob.es` for `production`)",
    meaning:
      "where the records are sent, when not the AEAT's address for a company certificate: a seal certificate (sello electrónico) uses `https://prewww10.aeat.es/…` or `https://www10.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP`",
  },
  {
    names: ['S3_BUCKET', 'S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'],
    default: '(unset: files in `DATA_DIR/media`)',
    meaning:
      "product and category pictures the owner uploads, in any S3-compatible bucket so that several instances share them: the bucket, its region (`us-east-1`), the service's URL for MinIO, R2 and the like, both keys or neither (the AWS SDK then uses its own chain), `1` to put the bucket in the path (most non-AWS services), and a folder in the bucket (`shop/`). The shop serves the pictures itself under `/media/`",
  },
  {
    names: ['METRICS_TOKEN'],
    default: '(unset)',
    meaning:
      "Prometheus metrics at `/metrics` on the shop's port, for a bearer of this token only (at least 16 characters): requests and latency per route pattern, tRPC calls by outcome, orders created and paid, payment and webhook failures, emails sent, waiting and failed, the database pool's connections (PostgreSQL), the process's memory and event loop",
  },
  {
    names: ['METRICS_PORT', 'METRICS_HOST'],
    default: '(unset), `127.0.0.1`',
    meaning: 'the same metrics without a token on a port of their own, bound to `METRICS_HOST`; with neither setting there is no `/metrics`',
  },
  {
    names: ['OVERLOAD_EVENT_LOOP_DELAY_MS'],
    default: '`1000`',
    meaning:
      'load shedding: while the event loop lags more than this (mean over a second), requests get 503 with `Retry-After: 5` instead of queueing (`/healthz` and `/metrics` still answer); `0` turns it off',
  },
  {
    names: ['JOB_WAIT_MS'],
    default: '`2000`',
    meaning:
      'how long a request waits for the emails it queued (an order confirmation and its invoice PDF, a shipping notice) before answering; a job still running then finishes after the answer, and one that fails is retried by the worker; `0` waits until they are done',
  },
  {
    names: ['DEBUG_ERRORS'],
    default: '(unset)',
    meaning: '`1` in development: error answers carry the internal message and stack (never in production)',
  },
  {
    names: ['TEST_DATABASE_URL'],
    default: '(unset)',
    meaning: 'tests only: run the server suites on this PostgreSQL instead of PGlite',
  },
]

const tableStart = '<!-- env:start (generated from server/env-docs.ts by npm run docs:env) -->'
const tableEnd = '<!-- env:end -->'

/** README's table of variables. */
export function envTable(): string {
  const rows = envDocs.map((doc) => `| ${doc.names.map((name) => `\`${name}\``).join(', ')} | ${doc.default} | ${doc.meaning} |`)
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n')
}

/** `readme` with its generated table replaced by the current one; throws when the markers are missing. */
export function withEnvTable(readme: string): string {
  const start = readme.indexOf(tableStart)
  const end = readme.indexOf(tableEnd)
  if (start < 0 || end < start) throw new Error(`README.md lacks the markers ${tableStart} … ${tableEnd}`)
  return `${readme.slice(0, start + tableStart.length)}\n${envTable()}\n${readme.slice(end)}`
}

/** Markdown as plain text for a comment: no backticks. */
const plain = (markdown: string) => markdown.replaceAll('`', '')

/** Words wrapped into `# ` comment lines of at most `width` characters. */
function comment(text: string, width = 100): string[] {
  const lines: string[] = []
  let line = '#'
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line.length + 1 + word.length > width && line !== '#') {
      lines.push(line)
      line = '#'
    }
    line += ` ${word}`
  }
  if (line !== '#') lines.push(line)
  return lines
}

/** A default worth writing as the example's value: one literal in backticks (`3000`), nothing to expand (`$PORT`). */
const literalDefault = (markdown: string) => /^`([^`\s$]*)`$/.exec(markdown)?.[1]

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** .env.example: every variable with its meaning and default, commented, with the default as value where it is one. */
export function envExample(): string {
  const head = [
    '# Copy to .env (or set these in your environment) and fill in what you need. Generated from',
    '# server/env-docs.ts by `npm run docs:env`. Every variable is optional in development: with none',
    '# set, `npm start` runs the shop on http://localhost:3000 with an embedded database in ./data.',
    '# server/env.ts validates them at start and lists every problem at once. Empty values count as',
    '# unset. Secrets may instead be given as NAME_FILE, the path of a file holding the value.',
  ]
  const blocks = envDocs
    .filter((doc) => !doc.names.every((name) => (testOnlyVariables as readonly string[]).includes(name)))
    .map((doc) => {
      const value = literalDefault(doc.default)
      const text = `${sentence(plain(doc.meaning))}. Default: ${plain(doc.default)}.`
      return [...comment(text), ...doc.names.map((name) => `${name}=${value ?? ''}`)].join('\n')
    })
  return `${[head.join('\n'), ...blocks].join('\n\n')}\n`
}
