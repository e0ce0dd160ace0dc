import { globalFontFace } from '@vanilla-extract/css'

/*
 * Fallback faces drawn while the web fonts load (font-display: swap): local fonts scaled so a line of
 * text takes the width and height it will take in Inter or Playfair Display, so nothing reflows at the
 * swap. Arial and Liberation Sans (its metric clone), Times New Roman and Liberation Serif share metrics.
 * size-adjust: the width of a Spanish and English sample in the web font over the local font's, measured
 * in Chromium at each weight (the regular face for text, the bold one for 500 and up); the overrides are
 * the web font's own ascent and descent (Inter 0.969/0.241, Playfair 1.082/0.251), divided by size-adjust.
 */
export const bodyFallback = 'Inter Fallback'
export const displayFallback = 'Playfair Display Fallback'

globalFontFace(bodyFallback, [
  {
    src: "local('Arial'), local('ArialMT'), local('Liberation Sans'), local('LiberationSans'), local('Arimo')",
    fontWeight: '100 450',
    sizeAdjust: '106.4%',
    ascentOverride: '91.0%',
    descentOverride: '22.7%',
    lineGapOverride: '0%',
  },
  {
    src: "local('Arial Bold'), local('Arial-BoldMT'), local('Liberation Sans Bold'), local('LiberationSans-Bold'), local('Arimo Bold')",
    fontWeight: '451 900',
    sizeAdjust: '101.3%',
    ascentOverride: '95.6%',
    descentOverride: '23.8%',
    lineGapOverride: '0%',
  },
])

globalFontFace(displayFallback, [
  {
    src: "local('Times New Roman'), local('TimesNewRomanPSMT'), local('Liberation Serif'), local('LiberationSerif'), local('Tinos')",
    fontWeight: '100 450',
    sizeAdjust: '109.8%',
    ascentOverride: '98.5%',
    descentOverride: '22.9%',
    lineGapOverride: '0%',
  },
  {
    src: "local('Times New Roman Bold'), local('TimesNewRomanPS-BoldMT'), local('Liberation Serif Bold'), local('LiberationSerif-Bold'), local('Tinos Bold')",
    fontWeight: '451 900',
    sizeAdjust: '105.4%',
    ascentOverride: '102.7%',
    descentOverride: '23.8%',
    lineGapOverride: '0%',
  },
])
