/**
 * Typed slots: storage that outlives one engine instance (a simulated process), such as a graph
 * engine's checkpointer. Each slot is named by a key that carries its type, so a reader gets back
 * exactly what a writer put, without a cast at either end.
 */

/** A slot's name and, in the type only, what it holds. */
export type SlotKey<T> = { readonly name: string; readonly __holds?: (value: T) => T };

export function defineSlot<T>(name: string): SlotKey<T> {
  return { name };
}

export type EngineSlots = {
  get<T>(key: SlotKey<T>): T | undefined;
  has<T>(key: SlotKey<T>): boolean;
  set<T>(key: SlotKey<T>, value: T): void;
  /** A new set of slots holding the same values (a new process handed the same durable storage). */
  copy(): EngineSlots;
  /** Every slot that holds a value (the secret columns read what engines keep beyond the contract's stores). */
  entries(): readonly SlotValue[];
};

/** A slot filled before any engine runs (a durable store's checkpointer); made by `slotValue`, which checks the type. */
export type SlotValue = { readonly name: string; readonly value: unknown };

export function slotValue<T>(key: SlotKey<T>, value: T): SlotValue {
  return { name: key.name, value };
}

export function createSlots(initial: readonly SlotValue[] = []): EngineSlots {
  // Keyed by name: two definitions of one slot name are one slot, whichever module defined the key.
  const values = new Map<string, unknown>(initial.map(({ name, value }) => [name, value]));
  const slots: EngineSlots = {
    // The only place a slot's value is given its type back: `set` took it as that same T.
    get<T>(key: SlotKey<T>) {
      return values.get(key.name) as T | undefined;
    },
    has(key) {
      return values.has(key.name);
    },
    set(key, value) {
      values.set(key.name, value);
    },
    copy() {
      return createSlots(slots.entries());
    },
    entries() {
      return [...values].map(([name, value]) => ({ name, value }));
    },
  };
  return slots;
}
