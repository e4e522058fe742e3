/**
 * geth's words for what @ethereumjs/evm names its own way, so that traces, eth_simulateV1 and
 * eth_call say what geth says: opcode names (struct logs, callTracer types) and VM errors.
 */

const UNDEFINED_OPCODE = 'INVALID'

/** geth's name of an opcode; ethereumjs's `name` is used where the two agree. */
export function gethOpName(code: number, name: string): string {
  // geth still calls 0x44 DIFFICULTY after the merge; ethereumjs renames it PREVRANDAO.
  if (code === 0x44) return 'DIFFICULTY'
  if (name === UNDEFINED_OPCODE && code !== 0xfe) return `opcode 0x${code.toString(16)} not defined`
  return name
}

// ethereumjs EVMError messages → geth's vm errors (core/vm/errors.go).
const VM_ERRORS: ReadonlyMap<string, string> = new Map([
  ['revert', 'execution reverted'],
  ['code store out of gas', 'contract creation code storage out of gas'],
  ['code size to deposit exceeds maximum code size', 'max code size exceeded'],
  ['invalid JUMP', 'invalid jump destination'],
  ['value out of range', 'return data out of bounds'],
  ['static state change', 'write protection'],
  ['create collision', 'contract address collision'],
  ['insufficient balance', 'insufficient balance for transfer'],
  ['invalid bytecode deployed', 'invalid code: must not begin with 0xef'],
  ['initcode exceeds max initcode size', 'max initcode size exceeded'],
])

/**
 * geth's message for the EVM error `error` (an ethereumjs EVMError message); `op` is the name of
 * the opcode that failed, which geth names in "invalid opcode: …".
 */
export function gethVmError(error: string, op?: string): string {
  if (error === 'invalid opcode') return `invalid opcode: ${op ?? UNDEFINED_OPCODE}`
  return VM_ERRORS.get(error) ?? error
}
