import { fromDomainError } from '../../src/rpc/domainErrors.ts'

/**
 * What a JSON-RPC client would get from an in-process call that fails: the domain error mapped to its RPC
 * error, as the dispatcher maps it, so that tests can assert codes and wire messages of node calls.
 */
export function asRpcCall<T>(call: Promise<T>): Promise<T> {
  return call.catch((error: unknown) => {
    throw fromDomainError(error)
  })
}
