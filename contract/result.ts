/** Typed results for boundaries, and the one exhaustiveness guard. */

export type Ok<T> = { readonly ok: true; readonly value: T };
export type Err<E> = { readonly ok: false; readonly error: E };
export type Result<T, E> = Ok<T> | Err<E>;

export function ok<T>(value: T): Ok<T> {
  return { ok: true, value };
}

export function err<E>(error: E): Err<E> {
  return { ok: false, error };
}

/** Ends every switch over a union: a new member fails `tsc` until it is handled. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value in exhaustive check: ${JSON.stringify(value)}`);
}

export type HarnessErrorCode =
  | "invalid_tool_spec"
  | "duplicate_tool"
  | "invalid_transition"
  | "non_json_value"
  | "unknown_session"
  | "invalid_config"
  /** A registered executor called past the contract (dispatch-permit.ts). */
  | "bare_executor";

/** Thrown only for programming or configuration errors, never for bad model or user input. */
export class HarnessError extends Error {
  static readonly unminifiableName = "HarnessError";
  readonly code: HarnessErrorCode;
  constructor(code: HarnessErrorCode, message: string) {
    super(message);
    this.name = HarnessError.unminifiableName;
    this.code = code;
  }
}

export function isHarnessError(e: unknown): e is HarnessError {
  return e instanceof Error && e.name === HarnessError.unminifiableName;
}
