import { Fragment } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import type { Source } from './source.ts'
import type { BlockDetails as BlockAnswer, Decoded, Failure, TransactionDetails, TransactionLine, WireLog } from './types.ts'
import { ether, extraText, num, quantityText, short, valueText } from './format.ts'
import { Table } from './Table.tsx'

/** A block of any branch, its transactions, and the one opened: its call, outcome and decoded logs. */
export function BlockDetails({
  source,
  hash,
  version,
  open,
  onOpen,
}: {
  source: Source
  hash: string
  version: number
  /** The transaction opened when the block is (the one an orphaned copy links to). */
  open?: number
  /** Opens a transaction of another block. */
  onOpen: (hash: string, index: number) => void
}) {
  const [block, setBlock] = useState<BlockAnswer | null | undefined>()
  const [more, setMore] = useState<TransactionLine[]>([])
  const [opened, setOpened] = useState<number | undefined>(open)
  const [error, setError] = useState<string | undefined>()

  useEffect(() => {
    setOpened(open)
    setMore([])
  }, [hash, open])
  useEffect(() => {
    source.call<BlockAnswer | null>('sim_block', [{ hash }]).then(setBlock, (failure: Error) => setError(failure.message))
  }, [hash, version])

  if (error)
    return (
      <p class="error" role="alert">
        {error}
      </p>
    )
  if (block === undefined) return <p>Loading block…</p>
  if (block === null) return <p>No block {hash} on this network.</p>
  const transactions = [...block.transactions, ...more]
  const next = more.length > 0 ? (transactions.length < block.transactionCount ? transactions.length : null) : block.next
  const loadMore = () => source.call<BlockAnswer>('sim_block', [{ hash, from: transactions.length }]).then((page) => setMore([...more, ...page.transactions]))
  return (
    <section class="details" aria-label={`Block ${num(block.number)}`}>
      <h2>
        Block {num(block.number)} <span class={`tag ${block.canonical ? 'tag-canonical' : 'tag-orphaned'}`}>{block.canonical ? 'canonical' : 'orphaned'}</span>
      </h2>
      <dl class="fields">
        <dt>hash</dt>
        <dd class="mono">{block.hash}</dd>
        <dt>parent</dt>
        <dd class="mono">{block.parentHash}</dd>
        <dt>time</dt>
        <dd>{new Date(num(block.timestamp) * 1000).toISOString()}</dd>
        <dt>gas used</dt>
        <dd>
          {num(block.gasUsed)} of {num(block.gasLimit)}
        </dd>
        <dt>base fee</dt>
        <dd>{block.baseFeePerGas === null ? '—' : `${num(block.baseFeePerGas)} wei`}</dd>
        {block.blobGasUsed === null ? null : (
          <>
            <dt>blob gas</dt>
            <dd>
              {num(block.blobGasUsed)} used, {num(block.excessBlobGas ?? '0x0')} excess
            </dd>
          </>
        )}
        <dt>extra data</dt>
        <dd class="mono">{extraText(block.extraData) || block.extraData}</dd>
      </dl>
      <h3>{block.transactionCount} transactions</h3>
      {transactions.length === 0 ? null : (
        <Table
          rows={transactions}
          rowKey={(tx) => tx.hash}
          rowClass={(tx) => (tx.failure ? 'failed' : '')}
          columns={[
            { title: '#', cell: (tx) => tx.index },
            {
              title: 'hash',
              cell: (tx) => (
                <button
                  type="button"
                  class="link mono"
                  aria-expanded={opened === tx.index}
                  onClick={() => setOpened(opened === tx.index ? undefined : tx.index)}
                >
                  {short(tx.hash)}
                </button>
              ),
            },
            {
              title: 'from → to',
              cell: (tx) => `${short(tx.from)} → ${tx.to ? short(tx.to) : `new ${tx.contractAddress ? short(tx.contractAddress) : 'contract'}`}`,
              small: true,
            },
            {
              title: 'call',
              cell: (tx) => (tx.call ? tx.call.name : ether(tx.value)) + (tx.blobs > 0 ? `, ${tx.blobs} blob${tx.blobs === 1 ? '' : 's'}` : ''),
            },
            {
              title: 'status',
              cell: (tx) => (tx.status === '0x1' ? 'success' : <span class="bad">failed{tx.failure?.reason ? `: ${tx.failure.reason}` : ''}</span>),
            },
            { title: 'logs', cell: (tx) => tx.logCount },
          ]}
        />
      )}
      {next !== null ? (
        <button type="button" onClick={loadMore}>
          More transactions
        </button>
      ) : null}
      {opened !== undefined ? <TransactionView source={source} blockHash={hash} index={opened} version={version} onOpen={onOpen} /> : null}
    </section>
  )
}

function TransactionView({
  source,
  blockHash,
  index,
  version,
  onOpen,
}: {
  source: Source
  blockHash: string
  index: number
  version: number
  onOpen: (hash: string, index: number) => void
}) {
  const [tx, setTx] = useState<TransactionDetails | null | undefined>()
  const [error, setError] = useState<string | undefined>()
  useEffect(() => {
    source.call<TransactionDetails | null>('sim_transaction', [{ blockHash, index }]).then(setTx, (failure: Error) => setError(failure.message))
  }, [blockHash, index, version])
  if (error)
    return (
      <p class="error" role="alert">
        {error}
      </p>
    )
  if (tx === undefined) return <p>Loading transaction…</p>
  if (tx === null) return <p>No transaction {index} in this block.</p>
  const fields = tx.transaction
  return (
    <section class="transaction" aria-label={`Transaction ${index}`}>
      <h3>Transaction {index}</h3>
      <dl class="fields">
        {(['hash', 'from', 'to'] as const).map((name) => (
          <Fragment key={name}>
            <dt>{name}</dt>
            <dd class="mono">{fields[name] === null || fields[name] === undefined ? 'null' : valueText(fields[name])}</dd>
          </Fragment>
        ))}
        {/* Quantities in decimal, as the block's and the receipt's are beside them. */}
        <dt>nonce</dt>
        <dd>{quantityText(fields.nonce)}</dd>
        <dt>value</dt>
        <dd>{typeof fields.value === 'string' ? `${ether(fields.value)} (${BigInt(fields.value)} wei)` : 'null'}</dd>
        <dt>gas limit</dt>
        <dd>{quantityText(fields.gas)}</dd>
        <dt>type</dt>
        <dd>{quantityText(fields.type)}</dd>
        <dt>status</dt>
        <dd>{tx.status === '0x1' ? 'success' : 'failed'}</dd>
        <dt>gas used</dt>
        <dd>{num(tx.gasUsed)}</dd>
        {tx.blobGasUsed === null ? null : (
          <>
            <dt>blob gas used</dt>
            <dd>
              {num(tx.blobGasUsed)} at {num(tx.blobGasPrice ?? '0x0')} wei
            </dd>
          </>
        )}
        <dt>input</dt>
        <dd>{tx.input} bytes</dd>
        {tx.contract ? (
          <>
            <dt>contract</dt>
            <dd class="contract-name">
              {tx.contract.name} {tx.contract.created ? 'created' : 'called'} at <span class="mono">{short(tx.contract.address)}</span>
            </dd>
          </>
        ) : null}
        {tx.reincluded ? (
          <>
            <dt>mined again</dt>
            <dd>
              <button type="button" class="link mono reincluded" onClick={() => tx.reincluded && onOpen(tx.reincluded.hash, tx.reincluded.index)}>
                block {num(tx.reincluded.number)}, transaction {tx.reincluded.index}
              </button>
            </dd>
          </>
        ) : null}
      </dl>
      {tx.call ? <DecodedView title="Call" decoded={tx.call} /> : null}
      {tx.failure ? <FailureView failure={tx.failure} /> : null}
      {tx.console.length > 0 ? <ConsoleView lines={tx.console} /> : null}
      <LogList logs={tx.logs} title={`${tx.logCount} logs${tx.canonical ? '' : ' (removed: this block is orphaned)'}`} />
    </section>
  )
}

/** What the transaction printed with console.log, as `chainsim serve` printed it. */
function ConsoleView({ lines }: { lines: string[] }) {
  return (
    <div class="console">
      <h4>console.log</h4>
      <pre class="console-lines">{lines.join('\n')}</pre>
    </div>
  )
}

export function FailureView({ failure }: { failure: Failure }) {
  return (
    <div class="failure">
      <h4>Failed: {failure.error}</h4>
      {failure.reason !== null ? (
        <p>
          Revert reason: <q class="revert-reason">{failure.reason}</q>
        </p>
      ) : null}
      {failure.custom ? <DecodedView title="Custom error" decoded={failure.custom} /> : null}
      <p class="mono small">data {failure.data}</p>
    </div>
  )
}

export function DecodedView({ title, decoded }: { title: string; decoded: Decoded }) {
  return (
    <div class="decoded">
      <p>
        {title}: <strong>{decoded.name}</strong>{' '}
        <span class="muted">
          ({decoded.abi}: {decoded.signature})
        </span>
      </p>
      <ul>
        {decoded.args.map((arg) => (
          <li key={arg.name}>
            <span class="muted">
              {arg.type}
              {arg.indexed ? ' indexed' : ''}
            </span>{' '}
            {arg.name}: <span class="mono">{valueText(arg.value)}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** Logs as clients see them: positions (null when pending), `removed`, and the decoded event. */
export function LogList({ logs, title }: { logs: WireLog[]; title: string }) {
  return (
    <div class="logs">
      <h4>{title}</h4>
      <ol>
        {logs.map((log, i) => (
          <li key={i} class={log.removed ? 'removed' : ''}>
            <p>
              {/* The emitting contract, worded so that it cannot be read as the event's own `from`. */}
              {log.decoded ? <strong>{log.decoded.name}</strong> : <span class="muted">unknown event</span>} <span class="muted">emitted by</span>{' '}
              <span class="mono">{short(log.address)}</span>
              {log.removed ? <span class="tag tag-orphaned">removed: true</span> : null}
            </p>
            <p class="mono small">
              logIndex {String(log.logIndex)} · transactionIndex {String(log.transactionIndex)} · blockNumber {String(log.blockNumber)} · blockHash{' '}
              {log.blockHash === null ? 'null' : short(log.blockHash)}
            </p>
            {log.decoded ? (
              <ul>
                {log.decoded.args.map((arg) => (
                  <li key={arg.name}>
                    {arg.name}: <span class="mono">{valueText(arg.value)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p class="mono small">
                topics {log.topics.join(', ')} data {log.data}
              </p>
            )}
          </li>
        ))}
      </ol>
    </div>
  )
}
