/**
 * Reading back what this process wrote: a session's checkpoint, sealed here by the driver, is known
 * when the store returns it, so the seal is not computed a second time on each call of the session.
 */
import { isSealed, type Checkpoint } from "../contract/index.js";

export type WrittenCheckpoints = {
  /** The driver put this checkpoint in the session store. */
  remember(checkpoint: Checkpoint): void;
  /** Whether `stored` is exactly the record this process last sealed for `session_id`. */
  isMine(stored: Checkpoint, session_id: string): boolean;
};

/**
 * The checkpoint this process last sealed for each session, to know it when the store hands it back
 * (a memory store keeps the sealed state itself). A record with that header, that seal and that
 * very state (sealed, so frozen all the way down) is one `openCheckpoint` has nothing to say about:
 * the seal is the one computed here over the same header, session and secret, and the state still
 * has the hash it was sealed with. Anything else (a durable store's row read back, an edited or
 * replaced record) is checked in full. Bounded: the oldest sessions are forgotten first.
 */
export function createWrittenCheckpoints(capacity = 1024): WrittenCheckpoints {
  const bySession = new Map<string, Checkpoint>();
  return {
    remember(checkpoint) {
      bySession.delete(checkpoint.session_id);
      bySession.set(checkpoint.session_id, checkpoint);
      for (const oldest of bySession.keys()) {
        if (bySession.size <= capacity) break;
        bySession.delete(oldest);
      }
    },
    isMine(stored, session_id) {
      const mine = bySession.get(session_id);
      return (
        mine !== undefined &&
        isSealed(mine.state) &&
        stored.state === mine.state &&
        stored.v === mine.v &&
        stored.session_id === session_id &&
        mine.session_id === session_id &&
        stored.seq === mine.seq &&
        stored.checkpoint_hash === mine.checkpoint_hash &&
        stored.seal === mine.seal
      );
    },
  };
}
