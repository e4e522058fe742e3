// Small text helpers. Everything the page shows goes through Preact as text, never as HTML.

/** A hex quantity as a number, for heights and counts well below 2^53. */
export function num(hex: string): number {
  return Number(BigInt(hex))
}

/** A hex quantity as a decimal integer (any size), or `null`. */
export function quantityText(value: unknown): string {
  return typeof value === 'string' && /^0x[0-9a-f]+$/i.test(value)
    ? BigInt(value).toString()
    : value === null || value === undefined
      ? 'null'
      : valueText(value)
}

/** `0x1234…abcd`: enough of a hash to tell it apart at a glance. */
export function short(hash: string): string {
  return hash.length > 14 ? `${hash.slice(0, 6)}…${hash.slice(-4)}` : hash
}

/** Wei as ether, with up to 6 decimals. */
export function ether(hex: string): string {
  const wei = BigInt(hex)
  const whole = wei / 10n ** 18n
  const fraction = (wei % 10n ** 18n).toString().padStart(18, '0').slice(0, 6).replace(/0+$/, '')
  return `${whole}${fraction ? `.${fraction}` : ''} ETH`
}

/** A block's extraData as text when it is printable ASCII (`chainsim reorg 2`), else nothing. */
export function extraText(hex: string): string {
  if (hex.length <= 2) return ''
  let text = ''
  for (let i = 2; i < hex.length; i += 2) {
    const code = Number.parseInt(hex.slice(i, i + 2), 16)
    if (code < 32 || code > 126) return ''
    text += String.fromCharCode(code)
  }
  return text
}

/** A time of day, `14:03:27.120`. */
export function clock(ms: number): string {
  return new Date(ms).toISOString().slice(11, 23)
}

/** A decoded value as one line of text. */
export function valueText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}
