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
export const BACKSLASH = 92
export const CLOSE_ARRAY = 93
export const OPEN_OBJECT = 123
export const CLOSE_OBJECT = 125
export const PLUS = 43
export const LOWER_E = 101
export const UPPER_E = 69

/** Index just past a string token starting at `at` (a quote), or -1 (escapes, control characters). */
export const stringEnd = (text: string, at: number): number => {
  if (text.charCodeAt(at) !== QUOTE) return -1
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === QUOTE) return i + 1
    if (c === BACKSLASH || c < 32) return -1
  }
  return -1
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
