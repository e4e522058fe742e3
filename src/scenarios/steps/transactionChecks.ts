import type { TransactionSpec } from './requests.ts'
import { checkAccount, checkSignature } from './checks.ts'
import type { CheckContext } from './context.ts'

/** What a `send` or `sign` step's transaction must say: a raw one alone, `data` or `function` + `args`, `to` for a call. */
export function checkTransactionSpec(kind: 'send' | 'sign', tx: TransactionSpec & { raw?: string }, c: CheckContext): void {
  if (tx.raw !== undefined) {
    const others = Object.keys(tx).filter((key) => key !== 'raw' && key !== 'pending')
    if (others.length > 0) c.report([kind, 'raw'], `a raw transaction is sent as it is: leave out ${others.join(', ')}`)
    return
  }
  checkAccount(tx.from, [kind, 'from'], c)
  if (tx.function !== undefined && tx.data !== undefined) c.report([kind, 'data'], 'give `data` or `function` with `args`, not both')
  if (tx.function !== undefined && tx.to === undefined) c.report([kind, 'function'], 'a function call needs `to`')
  if (tx.args !== undefined && tx.function === undefined) c.report([kind, 'args'], '`args` go with `function`')
  checkSignature(tx.function, [kind, 'function'], c)
}
