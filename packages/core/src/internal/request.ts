/**
 * Reading a caller's request into its wire form, safely: any failure is a reason for
 * `InvalidRequest` (nothing sent), never a defect. A key the endpoint does not declare is
 * refused (a silently dropped parameter is lost intent); text that cannot be encoded (a lone
 * surrogate) is refused; a hostile object (a getter that throws, a Proxy) is refused. The reason
 * is one line that starts with the field and what is wrong with it.
 */
import * as Either from "effect/Either"
import * as ParseResult from "effect/ParseResult"
import * as SchemaAST from "effect/SchemaAST"

/** The longest reason given (the rest of a long report is cut). */
const MAX_REASON = 300

type Wire = { readonly [key: string]: unknown }

const pathText = (path: ReadonlyArray<PropertyKey>): string =>
  path.reduce<string>(
    (out, key) => typeof key === "number" ? `${out}[${key}]` : out === "" ? String(key) : `${out}.${String(key)}`,
    ""
  )

// Module-level, so a static mutant: Stryker measures it only through requestRules.test.ts's second instance
// of this module (the `isWellFormed` fallback test), which reads no "Expected" message (docs/testing.md).
// Stryker disable next-line Regex: static, not measured (above)
const EXPECTED = /^Expected (.+), actual (.+)$/s

const cut = (text: string, max: number) => text.length > max ? text.slice(0, max - 1) + "…" : text

/** One line per field: `side: expected "buy" or "sell", got "BUY"`. */
export const reason = (error: ParseResult.ParseError): string => {
  const issues = ParseResult.ArrayFormatter.formatErrorSync(error)
  const byPath = new Map<string, Array<{ readonly tag: string; readonly message: string }>>()
  for (const issue of issues) {
    const key = pathText(issue.path)
    const list = byPath.get(key) ?? []
    list.push({ tag: issue._tag, message: issue.message })
    byPath.set(key, list)
  }
  const parts: Array<string> = []
  for (const [path, list] of byPath) {
    const unexpected = list.find((issue) => issue.tag === "Unexpected")
    let text: string
    if (unexpected !== undefined) {
      text = "is not a parameter of this endpoint"
    } else {
      const expected: Array<string> = []
      let actual: string | undefined
      const other: Array<string> = []
      for (const issue of list) {
        const match = EXPECTED.exec(issue.message)
        if (match === null) other.push(issue.message)
        else {
          // An optional field's "or undefined" alternative says nothing to the reader.
          if (match[1] !== "undefined") expected.push(match[1]!)
          actual = match[2]
        }
      }
      // With no other message every issue of the field matched, so `actual` is set.
      text = other.length > 0
        ? other[0]!
        : `expected ${expected.join(" or ")}, got ${cut(actual!, 60)}`
      if (other.length === 0 && expected.length === 0) text = "is invalid"
    }
    // A filter's own message may already name its field ("price: required for a limit order").
    parts.push(path === "" || text.startsWith(`${path}:`) ? text : `${path}: ${text}`)
  }
  return cut(parts.join("; ").replace(/\s+/g, " "), MAX_REASON)
}

/** With the `u` flag a surrogate pair is one code point, so this matches lone surrogates only. */
const LONE_SURROGATE = /\p{Cs}/u

/** `String.prototype.isWellFormed` (ES2024: Node 20, current browsers), else the regular expression. */
const wellFormed: (text: string) => boolean =
  // Stryker disable next-line ConditionalExpression: equivalent (the regular expression finds the same), and static
  typeof (String.prototype as { isWellFormed?: unknown }).isWellFormed === "function"
    ? (text) => (text as unknown as { isWellFormed: () => boolean }).isWellFormed()
    : (text) => !LONE_SURROGATE.test(text)

/**
 * The path of the first string that is not well-formed UTF-16 (a lone surrogate), innermost key
 * last. Runs on every request: the path is built only for a string found, not for each key walked.
 */
const illFormed = (value: unknown, depth = 0): Array<PropertyKey> | undefined => {
  if (typeof value === "string") return wellFormed(value) ? undefined : []
  if (depth > 8 || typeof value !== "object" || value === null) return undefined
  if (Array.isArray(value)) {
    // `<=` reads one item past the end, `undefined`, which holds no text.
    // Stryker disable next-line EqualityOperator: equivalent (above)
    for (let i = 0; i < value.length; i++) {
      const found = illFormed(value[i], depth + 1)
      if (found !== undefined) {
        found.unshift(i)
        return found
      }
    }
    return undefined
  }
  for (const key of Object.keys(value)) {
    if (!wellFormed(key)) return [key]
    const found = illFormed((value as Record<string, unknown>)[key], depth + 1)
    if (found !== undefined) {
      found.unshift(key)
      return found
    }
  }
  return undefined
}

/**
 * Whether a request schema is the empty struct (`Endpoint.NoParams`): Effect's parser lets any
 * object through one (it checks no keys), so the client refuses keys for it itself.
 */
export const takesNothing = (ast: SchemaAST.AST): boolean => {
  for (let at = ast, depth = 0; depth < 5; depth++) {
    if (SchemaAST.isTypeLiteral(at)) return at.propertySignatures.length === 0 && at.indexSignatures.length === 0
    if (SchemaAST.isRefinement(at)) at = at.from
    else if (SchemaAST.isTransformation(at)) at = at.to
    else return false
  }
  return false
}

/** Whether a request schema is an array (a batch endpoint whose body is a JSON array). */
export const takesArray = (ast: SchemaAST.AST): boolean => {
  for (let at = ast, depth = 0; depth < 5; depth++) {
    if (SchemaAST.isTupleType(at)) return true
    if (SchemaAST.isRefinement(at)) at = at.from
    else if (SchemaAST.isTransformation(at)) at = at.to
    else return false
  }
  return false
}

/** The wire form of `request`, or why it cannot be sent. */
export const encode = (
  run: (request: unknown) => Either.Either<Wire, ParseResult.ParseError>,
  request: unknown,
  noKeys = false,
  array = false
): Either.Either<Wire, string> => {
  // A string's characters or an array's indices would otherwise be read as keys (issue 23, 11);
  // only a batch endpoint (its body a JSON array) takes an array.
  if (typeof request !== "object" || request === null || (Array.isArray(request) && !array)) {
    const got = request === null ? "null" : Array.isArray(request) ? "an array" : `a ${typeof request}`
    return Either.left(`request: expected an object of parameters, got ${got}`)
  }
  try {
    if (noKeys) {
      const key = Reflect.ownKeys(request)[0]
      if (key !== undefined) return Either.left(`${cut(String(key), 60)}: is not a parameter of this endpoint`)
    }
    const result = run(request)
    if (Either.isLeft(result)) return Either.left(reason(result.left))
    const found = illFormed(result.right)
    if (found !== undefined) {
      const bad = pathText(found)
      // Never empty: the request is an object, so the path names at least its key.
      return Either.left(`${bad}: contains a lone surrogate, text that cannot be sent`)
    }
    return Either.right(result.right)
  } catch (error) {
    // A getter that throws, a Proxy that refuses: the request cannot be read.
    let what: string
    try {
      what = error instanceof Error ? error.message : String(error)
    } catch {
      what = "unreadable"
    }
    return Either.left(cut(`request: cannot be read (${what.replace(/\s+/g, " ")})`, MAX_REASON))
  }
}
