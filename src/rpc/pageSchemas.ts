import { z } from 'zod'
import { quantityOrNumber } from './controlSchemas.ts'

/*
 * Paging of the explorer's sim_ reads: each takes one optional object, and answers at most a page, so that
 * a read costs what it returns, never the chain's length.
 */

/** How many items one page holds: 1 to `max` (a JSON number), `fallback` when left out. */
export const pageLimit = (max: number, fallback: number) =>
  z
    .number({ error: `limit must be a number from 1 to ${max}` })
    .int(`limit must be an integer from 1 to ${max}`)
    .min(1, `limit must be 1 to ${max}`)
    .max(max, `limit must be 1 to ${max}`)
    .default(fallback)

/** An id or sequence cursor: a non-negative JSON integer or hex quantity. */
export const cursor = quantityOrNumber

/** A page object `{after?, limit?}` (ids after `after`, oldest first), strict about its keys. */
export const afterPage = (max: number, fallback: number) =>
  z
    .object({ after: cursor.optional(), limit: pageLimit(max, fallback) }, { error: 'expected {after?, limit?}' })
    .strict()
    .default({ limit: fallback })
