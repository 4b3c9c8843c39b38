/**
 * Reading an answer's body within a size cap: a declared `content-length` over the cap fails
 * before anything is read; a body without one is counted as it arrives and cut off at the cap.
 */
import type * as HttpClientError from "@effect/platform/HttpClientError"
import type * as HttpClientResponse from "@effect/platform/HttpClientResponse"
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import * as Errors from "../BitgetError.js"

export const read = (
  endpoint: string,
  response: HttpClientResponse.HttpClientResponse,
  max: number,
  transport: (error: HttpClientError.HttpClientError) => Errors.TransportError
): Effect.Effect<string, Errors.TransportError | Errors.MalformedResponse> => {
  const tooLarge = (size: string) =>
    new Errors.MalformedResponse({
      endpoint,
      status: response.status,
      reason: `the answer is ${size} bytes, more than maxResponseBytes (${max})`,
      excerpt: ""
    })
  const declared = response.headers["content-length"]
  if (declared !== undefined) {
    const length = Number(declared)
    if (length > max) return Effect.fail(tooLarge(String(length)))
    return Effect.mapError(response.text, transport)
  }
  const decoder = new TextDecoder()
  const parts: Array<string> = []
  let size = 0
  return response.stream.pipe(
    Stream.mapError(transport),
    Stream.runForEach((chunk): Effect.Effect<void, Errors.MalformedResponse> => {
      size += chunk.byteLength
      if (size > max) return Effect.fail(tooLarge(`over ${max}`))
      parts.push(decoder.decode(chunk, { stream: true }))
      return Effect.void
    }),
    Effect.map(() => parts.join("") + decoder.decode())
  )
}
