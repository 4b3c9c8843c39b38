/**
 * The exact text that goes on the wire. Built once per request and used both in the URL/body
 * and in the signature, so nothing can re-order or re-encode it between signing and sending.
 */

/**
 * RFC 3986 encoding: `encodeURIComponent` leaves `!'()*` alone, and the WHATWG URL parser that
 * every HTTP client runs would then turn `'` into `%27` after signing. Encoding them here keeps
 * the signed string and the sent string the same.
 */
const encode = (text: string): string =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase())

/** `a=1&b=x%20y`: keys sorted, values encoded once, absent values left out. */
export const queryString = (params: { readonly [key: string]: unknown }): string => {
  const keys = Object.keys(params).sort()
  let out = ""
  for (const key of keys) {
    const value = params[key]
    if (value === undefined || value === null || value === "") continue
    out += (out === "" ? "" : "&") + encode(key) + "=" + encode(String(value))
  }
  return out
}

/** The JSON body text; `""` when there are no fields. */
export const bodyText = (params: { readonly [key: string]: unknown }): string => {
  for (const _ in params) return JSON.stringify(params)
  return ""
}
