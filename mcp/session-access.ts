/**
 * Who may act in a session, as the code that answers calls and reads sees it: the refusal's words and the
 * owners' interface. Apart from session-owners.ts, which keeps the owners with node:crypto, so the pages'
 * browser bundle (which answers calls with mcp/call-answer.ts) imports no Node built-in.
 */
/** The reason code of every refusal to act in, or read, a session another MCP session owns. */
export const SESSION_FORBIDDEN = "session_forbidden";

/** A claim's answer: refused, or held, with the credential minted when this claim made `owner` the first owner. */
export type Claim = { readonly ok: false } | { readonly ok: true; readonly minted?: string };

export type SessionOwners = {
  /**
   * Makes `owner` the owner of an unclaimed session (minting its credential), or of one whose
   * recorded owner `credential` proves to be; refused when another owner holds it.
   */
  claim(session_id: string, owner: string, credential?: string | null): Claim;
  /** Whether `owner` may read the session's trace: it is the owner, or nobody has claimed it. */
  mayRead(session_id: string, owner: string): boolean;
  /** Records that an answer in `session_id` carried the artifact `uri`. */
  attribute(uri: string, session_id: string): void;
  /** Whether `owner` may read the artifact: no session carried it, or one of `owner`'s did. */
  mayReadArtifact(uri: string, owner: string): boolean;
};

/** What one connection is: its owner name and the server's shared owners. */
export type SessionAccess = { readonly owner: string; readonly owners: SessionOwners };

/** The words of a refusal, the same for a call and a read. */
export function forbiddenMessage(what: string): string {
  return `${SESSION_FORBIDDEN}: ${what} belongs to another MCP session`;
}
