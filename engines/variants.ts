/**
 * Engines beyond the built-in three run in two variants (CONTRACT.md §9): `<framework>_native`, the
 * framework as its docs teach, judged by behaviour alone (the table's `judged`), and `<framework>_hardened`,
 * the contract in its hooks. The
 * heavy suites (bench, fault schedules, process kills, the runtime record) run the built-in engines.
 */
/** An engine id of a framework's variant, native or hardened. */
export type FrameworkVariantId = `${string}_native` | `${string}_hardened`;
export const isFrameworkVariant = (id: string): id is FrameworkVariantId => /_(native|hardened)$/.test(id);

/**
 * The engines without the framework variants: the heavy suites and the evidence they write measure
 * these (the variants are measured by the comparison), so adding a framework changes none of them.
 */
export const withoutVariants = <Id extends string>(ids: readonly Id[]): Exclude<Id, FrameworkVariantId>[] =>
  ids.filter((id): id is Exclude<Id, FrameworkVariantId> => !isFrameworkVariant(id));
