/**
 * The lexical pieces of the text scanners (`fastPush.ts`, `flatRows.ts`): JSON tokens found where
 * they stand in a frame's text, each answering the index just past it, or -1 when the token is
 * not in the plain form the scanners vouch for (the frame then takes the general path).
 */
export const QUOTE = 34
export const COMMA = 44
export const MINUS = 45
export const DOT = 46
export const ZERO = 48
export const NINE = 57
export const COLON = 58
export const OPEN_ARRAY = 91
export const CLOSE_ARRAY = 93
export const OPEN_OBJECT = 123
export const CLOSE_OBJECT = 125
export const PLUS = 43
export const LOWER_E = 101
export const UPPER_E = 69

/**
 * Whether a frame's text has no backslash (the frames Bitget sends have none): then every string
 * token in it ends at the next quote, so `stringEnd` is a native `indexOf` rather than a loop the
 * optimizing compiler would compile again at each of its call sites (FINDINGS §26). Asked once a frame
 * by the scanners' entry (`FastPush.read`); a frame with one takes the general path.
 *
 * Also a native `indexOf`: 17 ns for case 6's 423-character ticker frame, against 377 for the regular
 * expression that also looked for control characters here (FINDINGS §27). A raw control character
 * (U+0000–U+001F) in a string makes JSON that `JSON.parse` refuses; the scanners refuse it where they
 * keep a string's text (`hasControl`: an arg, an action, a flat row's text field, a key and value the
 * row schema drops), and every other string they read as a decimal, a time or a known key, whose
 * readers take nothing but digits, a sign, a point, an exponent or the key's own characters.
 */
export const isPlain = (text: string): boolean => text.indexOf("\\") === -1

/** Whether `[from, to)` of the text holds a control character (U+0000–U+001F), which no JSON string may hold raw. */
export const hasControl = (text: string, from: number, to: number): boolean => {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) < 32) return true
  return false
}

/** Index just past a string token starting at `at` (a quote), or -1; only in a text `isPlain` accepted. */
export const stringEnd = (text: string, at: number): number => {
  if (text.charCodeAt(at) !== QUOTE) return -1
  const close = text.indexOf("\"", at + 1)
  return close === -1 ? -1 : close + 1
}

/** Whether the string token `[at, end)` is `"name"` (compared in place: no slice per key). */
export const is = (text: string, at: number, end: number, name: string): boolean =>
  end - at - 2 === name.length && text.startsWith(name, at + 1)

export const digitsEnd = (text: string, at: number): number => {
  let i = at
  while (i < text.length) {
    const c = text.charCodeAt(i)
    if (c < ZERO || c > NINE) break
    i++
  }
  return i
}

/** Index just past an integer token (`-?(0|[1-9][0-9]*)`) that a `,`, `}` or `]` ends, or -1. */
export const integerEnd = (text: string, at: number): number => {
  const start = text.charCodeAt(at) === MINUS ? at + 1 : at
  const end = digitsEnd(text, start)
  if (end === start || (text.charCodeAt(start) === ZERO && end > start + 1)) return -1
  const next = text.charCodeAt(end)
  return next === COMMA || next === CLOSE_OBJECT || next === CLOSE_ARRAY ? end : -1
}

/** Index just past any JSON number token (for values skipped), or -1. */
export const numberEnd = (text: string, at: number): number => {
  const start = text.charCodeAt(at) === MINUS ? at + 1 : at
  let i = digitsEnd(text, start)
  if (i === start || (text.charCodeAt(start) === ZERO && i > start + 1)) return -1
  if (text.charCodeAt(i) === DOT) {
    const end = digitsEnd(text, i + 1)
    if (end === i + 1) return -1
    i = end
  }
  const e = text.charCodeAt(i)
  if (e === LOWER_E || e === UPPER_E) {
    const sign = text.charCodeAt(i + 1)
    const from = sign === PLUS || sign === MINUS ? i + 2 : i + 1
    const end = digitsEnd(text, from)
    if (end === from) return -1
    i = end
  }
  const next = text.charCodeAt(i)
  return next === COMMA || next === CLOSE_OBJECT || next === CLOSE_ARRAY ? i : -1
}
