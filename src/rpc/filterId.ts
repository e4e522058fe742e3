import { z } from 'zod'

/** A filter id as chainsim issues them (minimal hex); any string is looked up, unknown → "filter not found". */
export const filterId = z.string({ error: 'expected filter id string' }).min(1, 'expected filter id string')
