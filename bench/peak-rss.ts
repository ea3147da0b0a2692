/** This process's peak resident memory, read from Linux's own accounting. */
import { readFileSync, writeFileSync } from 'node:fs';

/**
 * This process's peak RSS. Not `resourceUsage().maxRSS`: Linux keeps that across exec, so a
 * child would report its parent's peak; VmHWM belongs to the process's own memory map.
 */
export function peakRssMegabytes(): number {
  const status = readFileSync('/proc/self/status', 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** Lowers the peak to what the process holds now, so the next reading covers only what follows. */
export function resetPeakRss(): void {
  writeFileSync('/proc/self/clear_refs', '5');
}
