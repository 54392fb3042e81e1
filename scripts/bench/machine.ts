/** What the numbers were measured on: hardware and runtime only, never a user name, host name or path. */
import { cpus, totalmem, platform, arch, release } from "node:os";

export type MachineInfo = {
  readonly cpu_model: string;
  readonly cores: number;
  readonly memory_gib: number;
  readonly node: string;
  readonly v8: string;
  readonly platform: string;
  readonly arch: string;
  readonly os_release: string;
  /** A full GC ran between measures (node's gc, exposed at run time). */
  readonly gc_between_measures: boolean;
};

export function machineInfo(gcBetweenMeasures: boolean): MachineInfo {
  const list = cpus();
  return {
    cpu_model: (list[0]?.model ?? "unknown").trim(),
    cores: list.length,
    memory_gib: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    v8: process.versions.v8,
    platform: platform(),
    arch: arch(),
    os_release: release(),
    gc_between_measures: gcBetweenMeasures,
  };
}
