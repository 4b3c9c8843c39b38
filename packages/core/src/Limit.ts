/**
 * Request fields that many endpoints share, so every line spells them the same way.
 */
import * as Schema from "effect/Schema"
import { Timestamp } from "./Timestamp.js"

/** A page size: a positive integer in code, a string on the wire. */
export const PageSize = Schema.NumberFromString.pipe(Schema.int(), Schema.positive())

/** A page number counting from 1. */
export const PageNumber = Schema.NumberFromString.pipe(Schema.int(), Schema.positive())

/** An id cursor (`idLessThan`, `idGreaterThan`, `cursor`): the id as a string. */
export const Cursor = Schema.String.pipe(Schema.pattern(/^\d+$/, { message: () => "Expected a numeric id" }))

/**
 * A text parameter that must name something (a coin, a key, a `traceId`): not empty and not only
 * spaces. Refused locally as `field: must not be empty`.
 */
export const NonEmpty = Schema.String.pipe(Schema.filter((text) => text.trim() !== "" || "must not be empty"))

/** A request time bound. */
export const Time = Timestamp
