import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react'
import type { ComponentType } from 'react'
import { pageHead } from '../../lib/seo.ts'
import type { RouterContext } from '../../router.tsx'
import * as styles from './ContentPage.css.ts'
import { PageHeader } from './PageHeader.tsx'

interface ContentPageOptions {
  path: string
  /** The page's <h1> and <title>. */
  title: MessageDescriptor
  description: MessageDescriptor
  Content: ComponentType
}

/** Route options of a page of static text (about, legal and help pages): head, header and body. */
export function contentPage({ path, title, description, Content }: ContentPageOptions) {
  function ContentPageComponent() {
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
  return {
    head: ({ match }: { match: { context: RouterContext } }) =>
      pageHead(match.context, { title: match.context.i18n._(title), description: match.context.i18n._(description), path }),
    component: ContentPageComponent,
  }
}
