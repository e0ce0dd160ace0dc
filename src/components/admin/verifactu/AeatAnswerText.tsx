import * as styles from './VerifactuRecords.css.ts'

/** The AEAT's code and text for a record, the text in Spanish as the AEAT writes it (the table and the correction dialog). */
export function AeatAnswerText({ record }: { record: { code: string | null; description: string | null } }) {
  return (
    <>
      {record.code !== null ? (
        <span className={styles.code} translate="no">
          {record.code}
        </span>
      ) : null}
      {record.description !== null ? <span lang="es">{record.description}</span> : null}
    </>
  )
}
