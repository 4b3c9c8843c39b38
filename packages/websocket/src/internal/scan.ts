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

/** A backslash or a control character anywhere in a frame (in a string: an escape, or JSON that `JSON.parse` refuses). */
const UNPLAIN = /[\u0000-\u001f\\]/

/**
 * Whether a frame's text has neither (the frames Bitget sends): then every string token in it ends
 * at the next quote. The scanners' entry (`FastPush.read`) asks once a frame, by a regular expression
 * V8 runs natively, so `stringEnd` is a native `indexOf` rather than a loop over every character the
 * optimizing compiler would compile again at each of its call sites (FINDINGS §26). A frame with
 * either takes the general path, as it did when `stringEnd` refused such a string.
 */
export const isPlain = (text: string): boolean => !UNPLAIN.test(text)

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
