/**
 * Engines beyond the built-in three run in two variants (CONTRACT.md §9): `<framework>_native`, the
 * framework as its docs teach, whose failing columns are findings, and `<framework>_hardened`, the
 * contract in its hooks. Suites that assert the contract's invariants on every engine run the
 * engines that keep the contract; a native variant is measured by the comparison, not held to it.
 */
export const isNativeVariant = (id: string): boolean => id.endsWith("_native");

/** The ids of engines the contract's invariants are asserted on. */
export const keepingContract = <Id extends string>(ids: readonly Id[]): Id[] =>
  ids.filter((id) => !isNativeVariant(id));

/** An engine id of a framework's variant, native or hardened. */
export type FrameworkVariantId = `${string}_native` | `${string}_hardened`;
export const isFrameworkVariant = (id: string): id is FrameworkVariantId => /_(native|hardened)$/.test(id);

/**
 * The engines without the framework variants: the bench and the runtime record measure these (the
 * variants are measured by the comparison), so adding a framework changes neither.
 */
export const withoutVariants = <Id extends string>(ids: readonly Id[]): Exclude<Id, FrameworkVariantId>[] =>
  ids.filter((id): id is Exclude<Id, FrameworkVariantId> => !isFrameworkVariant(id));
