/**
 * A page's messages in one locale, as a function of keys: view code asks `t("counter", {...})`
 * and never holds a sentence. Pure, so the views that use it are tested in Node.
 */
import { formatMessage, type Catalogues, type MessageParams } from "./catalogue.js";
import type { Locale } from "./locale.js";

export type Translate<K extends string> = (key: K, params?: MessageParams) => string;

export function translator<K extends string>(catalogues: Catalogues<K>, locale: Locale): Translate<K> {
  return (key, params) => formatMessage(catalogues, locale, key, params);
}

/** The keys of a page's catalogues, for the checks that no raw key reaches the page. */
export function keysOf<K extends string>(catalogues: Catalogues<K>): K[] {
  return Object.keys(catalogues.en) as K[];
}
