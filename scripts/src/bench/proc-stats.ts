import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

let clockTicks: number | undefined;

/** Kernel clock ticks per second, the unit of utime and stime in /proc/<pid>/stat. */
function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/**
 * CPU time (user + system) a process has used since it started, in seconds, from /proc/<pid>/stat; with `mainThread`,
 * its main thread's alone (/proc/<pid>/task/<pid>/stat: a Node service's event loop, without its worker threads).
 */
export function cpuSecondsOf(pid: number, mainThread = false): number {
  const stat = readFileSync(mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, "utf8");
  // The command name (field 2) may contain spaces and parentheses: count fields from the last ")".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const userTicks = Number(fields[11]);
  const systemTicks = Number(fields[12]);
  return (userTicks + systemTicks) / ticksPerSecond();
}

/** Resident memory of a process now and at its peak (VmRSS and VmHWM of /proc/<pid>/status), in MiB. */
export function memoryOf(pid: number): { rssMb: number; peakRssMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kib("VmRSS") / 102.4) / 10, peakRssMb: Math.round(kib("VmHWM") / 102.4) / 10 };
}

/** The machine's CPU time since boot over every core, in clock ticks: busy, and in all. */
export interface MachineTicks {
  busy: number;
  total: number;
}

/**
 * The machine's CPU time from the `cpu` line of /proc/stat: busy (user, nice, system, interrupts, stolen) and in all
 * (busy, idle and waiting on I/O).
 */
export function machineCpuTicks(procStat = readFileSync("/proc/stat", "utf8")): MachineTicks {
  const line = procStat.split("\n").find((l) => l.startsWith("cpu ")) ?? "";
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait };
}

/** The share of the machine's CPU time that was busy between two readings of `machineCpuTicks`: 1 when no core idled. */
export function busyShareBetween(start: MachineTicks, end: MachineTicks): number | undefined {
  const total = end.total - start.total;
  return total > 0 ? (end.busy - start.busy) / total : undefined;
}
