/** The two teaching pages' catalogues, each language beside the English that defines its keys. */
import type { Catalogues } from "./catalogue.js";
import { FLOW_EN, type FlowKey } from "./flow-en.js";
import { FLOW_ZH } from "./flow-zh.js";
import { LOOP_EN, type LoopKey } from "./loop-en.js";
import { LOOP_ZH } from "./loop-zh.js";

export type { FlowKey, LoopKey };
export const LOOP_CATALOGUES: Catalogues<LoopKey> = { en: LOOP_EN, "zh-CN": LOOP_ZH };
export const FLOW_CATALOGUES: Catalogues<FlowKey> = { en: FLOW_EN, "zh-CN": FLOW_ZH };
