import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react'
import type { ComponentType } from 'react'
import { pageHead } from '../../lib/seo.ts'
import type { JsonLdNode, PageLinks } from '../../lib/structured-data.ts'
import type { RouterContext } from '../../router.tsx'
import * as styles from './ContentPage.css.ts'
import { PageHeader } from './PageHeader.tsx'

interface ContentPageHead {
  path: string
  /** The page's <h1> and <title>. */
  title: MessageDescriptor
  description: MessageDescriptor
  /** The page's schema.org nodes (lib/structured-data.ts). */
  structuredData?: (context: RouterContext, page: PageLinks) => readonly JsonLdNode[]
}

/** The head of a page of static text (about, legal and help pages). */
export function contentHead({ path, title, description, structuredData }: ContentPageHead) {
  return ({ match }: { match: { context: RouterContext } }) =>
    pageHead(match.context, {
      title: match.context.i18n._(title),
      description: match.context.i18n._(description),
      path,
      ...(structuredData ? { structuredData: (page: PageLinks) => structuredData(match.context, page) } : {}),
    })
}

/**
 * The body of a page of static text: its header and its text. Routes name it as their component
 * (not through a shared factory) so the router splits each text into its page's own chunk.
 */
export function ContentPage({ title, Content }: { title: MessageDescriptor; Content: ComponentType }) {
  const { i18n } = useLingui()
  return (
    <>
      <PageHeader title={i18n._(title)} />
      <div className={styles.body}>
        <Content />
      </div>
    </>
  )
}
