import { createContext } from 'react'

/**
 * When a page's code starts (docs/decisions/017). The server's HTML is the whole first view; the code only
 * makes it interactive. On a phone, fetching ~140 KB of JavaScript alongside the hero picture
 * slows the picture (the page's LCP) by more than a second, so the page names its code on an
 * inline script instead of preloading it, and the script fetches it once the first view has loaded
 * and been painted (the `load` event, then the next frame: a picture that finished loading last is
 * on screen before any code competes with it), or at once when the visitor taps, clicks, types or
 * tabs before that. Every
 * chunk the page needs is requested together then (modulepreload), so no import waterfall follows.
 */
export interface StartAssets {
  /** The client entry's URL. */
  entry: string
  /** Every chunk the requested page imports at start: the entry's and its routes' static imports. */
  preloads: string[]
  /** The response's Content-Security-Policy nonce. */
  nonce?: string
}

/** What the server's render knows and the browser does not need: the browser keeps the server's script as it is. */
export const StartAssetsContext = createContext<StartAssets | null>(null)

/**
 * The inline script's code. It reads its own data attributes, so the code is the same on every
 * page and in the browser's render (hydration adopts the server's element and never runs it again).
 */
export const startCode = [
  '(()=>{',
  'const d=document,s=d.currentScript;if(!s)return;let started=false;',
  'const start=()=>{if(started)return;started=true;',
  'for(const href of(s.dataset.preload||"").split(" ")){if(!href)continue;',
  'const l=d.createElement("link");l.rel="modulepreload";l.href=href;d.head.append(l)}',
  'const m=d.createElement("script");m.type="module";m.src=s.dataset.entry;d.body.append(m)};',
  'if(d.readyState==="complete"){start();return}',
  'addEventListener("load",()=>requestAnimationFrame(()=>setTimeout(start)),{once:true});',
  'for(const t of["pointerdown","keydown","focusin"])addEventListener(t,start,{once:true,passive:true,capture:true})',
  '})()',
].join('')
