import { RECORDED_AS_SENT } from '../rpc/methodRecording.ts'
import type { MethodRecording } from '../rpc/methodRecording.ts'
import { METHODS } from '../rpc/registry.ts'

/**
 * Every method that changes a network's chain, pool, clock, mining or accounts (the ones declared `writes`), with
 * how a recording writes its calls: as each declaration says (`recorded`), as they were sent when it says nothing.
 */
export const RECORDED_METHODS: Readonly<Record<string, MethodRecording>> = Object.fromEntries(
  METHODS.filter((method) => method.writes === true).map((method) => [method.name, method.recorded ?? RECORDED_AS_SENT]),
)
