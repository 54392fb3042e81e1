export { GLOSSARY, isTermId, termText, type Term, type TermId } from "./glossary.js";
export {
  DEFAULT_LOCALE,
  LOCALE_PARAM,
  LOCALE_STORAGE_KEY,
  LOCALES,
  matchLocale,
  resolveLocale,
  type Locale,
  type LocaleSources,
  type ResolvedLocale,
} from "./locale.js";
export {
  catalogueProblems,
  formatMessage,
  placeholdersOf,
  type Catalogue,
  type Catalogues,
  type MessageParams,
} from "./catalogue.js";
export { keepLocale, LOCALE_NAMES, readLocale, renderLanguageSwitch, type LocaleHost } from "./switch.js";
export { keysOf, translator, type Translate } from "./translate.js";
export { FLOW_CATALOGUES, LOOP_CATALOGUES, type FlowKey, type LoopKey } from "./pages.js";
export { fillElement, fillQuoted, fillStatic, mountLanguage } from "./dom.js";
