import { errorResponse } from '../rpc/envelope.ts'
import { toRpcErrorObject, type ErrorLogger } from '../errors.ts'

/**
 * The JSON-RPC error body sent with a transport-level HTTP status (401, 404, 405, 413, 415): clients that
 * read the body of a failed response still find a JSON-RPC error there. A non-RpcError becomes -32603 and
 * its cause goes to `log`.
 * @example errorBody(new UnauthorizedError('invalid project id'))
 */
export function errorBody(err: unknown, log?: ErrorLogger): string {
  return JSON.stringify(errorResponse(null, toRpcErrorObject(err, log)))
}
