import base from "./vitest.config.js";
const config = base as any;
for (const p of config.test.projects) p.test.setupFiles = [...p.test.setupFiles, "/tmp/probe/probe.ts"];
export default config;
