import * as styles from './form.css.ts'

/**
 * A form's refusal that is no one field's (too many tries, a failure of ours with what to do next),
 * above its fields and announced; nothing when there is none.
 */
export function FormError({ message }: { message: string | null | undefined }) {
  return message ? (
    <p className={styles.formError} role="alert">
      {message}
    </p>
  ) : null
}
