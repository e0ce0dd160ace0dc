/**
 * The shop's colours: warm ivory and charcoal with a brass accent, for premium decor. Text colours
 * are checked against their backgrounds for WCAG AA contrast. The theme (src/styles) makes CSS
 * variables of them; emails and the theme-color meta tag use the values.
 */
export const palette = {
  bg: '#faf7f2',
  surface: '#ffffff',
  surfaceAlt: '#f2ede4',
  border: '#e3dccf',
  text: '#1c1a17',
  textMuted: '#5c564d',
  accent: '#7a5a17',
  accentStrong: '#5e4410',
  accentSoft: '#efe3c8',
  onAccent: '#ffffff',
  dark: '#1c1a17',
  onDark: '#f5efe4',
  onDarkMuted: '#cfc6b6',
  accentOnDark: '#d9b46a',
  success: '#1f6b3a',
  successSoft: '#e8f3ec',
  danger: '#a3261b',
  dangerSoft: '#fbeae8',
  focus: '#1f5fbf',
  whatsapp: '#128c4a',
  /** Hover of dark surfaces; text and hover on photos and dark buttons. */
  black: '#000000',
  white: '#ffffff',
  /** Test-mode notices: pale amber with a brass border. */
  notice: '#fff4d6',
  noticeBorder: '#c9a14a',
} as const
