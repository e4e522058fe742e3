import { z } from 'zod'
import { defineMethod, returns } from '../defineMethod.ts'

/** An upstream URL: HTTP or HTTPS, as a fork's `--fork-url`. */
const upstreamUrl = z
  .string()
  .transform((value, ctx): URL => {
    const url = URL.canParse(value) ? new URL(value) : undefined
    if (url && (url.protocol === 'http:' || url.protocol === 'https:')) return url
    ctx.addIssue(`${JSON.stringify(value)} is not an HTTP or HTTPS URL`)
    return z.NEVER
  })
  .describe('string (an HTTP or HTTPS URL)') as unknown as z.ZodType<URL, string>

/**
 * anvil_setRpcUrl [url]: a forked network reads what it has not cached from this upstream from now on (the same
 * chain: a provider swapped, a key rotated), as Anvil does; on a network that is no fork it changes nothing and
 * answers null, as Anvil's.
 */
export const anvil_setRpcUrl = defineMethod({
  name: 'anvil_setRpcUrl',
  description: "A fork's later upstream reads go to this URL (the same chain); nothing on a network that is no fork.",
  params: [upstreamUrl],
  result: returns<null>(),
  control: true,
  // Not queued: the upstream serves the same chain, so a read in flight may finish on either.
  handler: ([url], { node }) => {
    node.fork?.setUpstreamUrl(url)
    return null
  },
})
