/** What a block's tip percentiles read of each of its transactions: the price it paid per gas and the gas it used. */
export interface PaidGas {
  readonly effectiveGasPrice: bigint
  readonly gasUsed: bigint
}

/**
 * The tips (price paid above the block's base fee) at each of `percentiles` (0 to 100) of the block's gas used, as
 * geth weighs them for eth_feeHistory's `reward`: the transactions sorted by tip, the tip of the one whose gas
 * reaches the percentile's share of the block's gas; 0 for each when the block holds none.
 */
export function tipPercentiles(baseFee: bigint, transactions: readonly PaidGas[], percentiles: readonly number[]): bigint[] {
  const tips = transactions.map((t) => ({ tip: t.effectiveGasPrice - baseFee, gas: t.gasUsed })).sort((a, b) => (a.tip < b.tip ? -1 : a.tip > b.tip ? 1 : 0))
  if (tips.length === 0) return percentiles.map(() => 0n)
  const total = tips.reduce((sum, t) => sum + t.gas, 0n)
  return percentiles.map((p) => {
    // geth truncates the threshold to whole gas (uint64): at exactly that much gas the tip is taken.
    const threshold = Math.floor((Number(total) * p) / 100)
    let cumulative = 0
    for (const t of tips) {
      cumulative += Number(t.gas)
      if (cumulative >= threshold) return t.tip
    }
    return (tips[tips.length - 1] as { tip: bigint }).tip
  })
}
