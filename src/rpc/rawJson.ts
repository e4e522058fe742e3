/**
 * A method's result already written as JSON text (a large log array): the dispatcher splices it
 * into the response instead of serialising an object graph. It must be valid JSON.
 */
export class RawJson {
  constructor(readonly json: string) {}
}
