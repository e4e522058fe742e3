import { useEffect, useState } from 'preact/hooks'
import type { Source } from './source.ts'
import type { PoolAnswer } from './types.ts'
import { FailureView, LogList } from './BlockDetails.tsx'
import { ether, num, short } from './format.ts'

/** The pending block as it would be mined now, its logs with null positions, and what waits behind a nonce gap. */
export function PoolView({ source, version }: { source: Source; version: number }) {
  const [pool, setPool] = useState<PoolAnswer | undefined>()
  const [error, setError] = useState<string | undefined>()
  useEffect(() => {
    source.call<PoolAnswer>('sim_pool', [{ limit: 200 }]).then(setPool, (failure: Error) => setError(failure.message))
  }, [version])
  if (error)
    return (
      <p class="error" role="alert">
        {error}
      </p>
    )
  if (!pool) return <p>Loading the pool…</p>
  return (
    <section aria-label="Pool and pending block">
      <h2>
        Pending block {num(pool.number)}: {pool.transactionCount} transactions ({pool.pooled} pooled)
      </h2>
      {pool.transactions.length === 0 ? <p class="muted">The pool is empty: every transaction is mined.</p> : null}
      <ol class="pool">
        {pool.transactions.map((tx) => (
          <li key={tx.hash}>
            <p>
              <span class="mono">{short(tx.hash)}</span> from <span class="mono">{short(tx.from)}</span> nonce {num(tx.nonce)} →{' '}
              <span class="mono">{tx.to ? short(tx.to) : 'new contract'}</span> {tx.call ? tx.call.name : ether(tx.value)}
              {tx.status === '0x1' ? null : <span class="bad"> would fail</span>}
            </p>
            {tx.failure ? <FailureView failure={tx.failure} /> : null}
            {tx.logs.length > 0 ? <LogList logs={tx.logs} title={`${tx.logs.length} pending logs (positions null until mined)`} /> : null}
          </li>
        ))}
      </ol>
      <h3>{pool.queuedCount} queued behind a nonce gap</h3>
      <ul>
        {pool.queued.map((tx) => (
          <li key={tx.hash} class="mono">
            {short(tx.hash)} from {short(tx.from)} nonce {num(tx.nonce)}
          </li>
        ))}
      </ul>
    </section>
  )
}
