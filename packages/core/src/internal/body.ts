/**
 * Reading an answer's body within a size cap, for the transport over a platform `HttpClient`: a
 * declared `content-length` over the cap fails before anything is read; a body without one is
 * counted as it arrives and cut off at the cap.
 */
import type * as HttpClientError from "@effect/platform/HttpClientError"
import type * as HttpClientResponse from "@effect/platform/HttpClientResponse"
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import type { TransportError } from "../BitgetError.js"

/** The answer was larger than the request's `maxBytes` (its declared length, or what had arrived). */
export class TooLarge extends Data.TaggedError("TooLarge")<{
  readonly size: string
  /** The HTTP status the server answered with (the answer is refused unread, but its status is known). */
  readonly status: number
}> {}

export const read = (
  response: HttpClientResponse.HttpClientResponse,
  max: number,
  failed: (error: HttpClientError.HttpClientError) => TransportError
): Effect.Effect<string, TransportError | TooLarge> => {
  const declared = response.headers["content-length"]
  if (declared !== undefined) {
    const length = Number(declared)
    if (length > max) return Effect.fail(new TooLarge({ size: String(length), status: response.status }))
    return Effect.mapError(response.text, failed)
  }
  // With no limit the chunked read below gives the same text, chunk by chunk: this is only quicker.
  // Stryker disable next-line ConditionalExpression: equivalent (above)
  if (max === Infinity) return Effect.mapError(response.text, failed)
  const decoder = new TextDecoder()
  const parts: Array<string> = []
  let size = 0
  return response.stream.pipe(
    Stream.mapError(failed),
    Stream.runForEach((chunk): Effect.Effect<void, TooLarge> => {
      size += chunk.byteLength
      if (size > max) return Effect.fail(new TooLarge({ size: `over ${max}`, status: response.status }))
      parts.push(decoder.decode(chunk, { stream: true }))
      return Effect.void
    }),
    Effect.map(() => parts.join("") + decoder.decode())
  )
}
