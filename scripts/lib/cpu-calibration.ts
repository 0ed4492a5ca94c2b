/**
 * The slowdown that makes this machine the phone Lighthouse's mobile profile means, from the CPU
 * index Lighthouse measured on it: Lighthouse's own calibration (its throttling guide's calculator,
 * patrickhulce/lighthouse-cpu-throttling-calculator) puts 4× at an index of 1,533, 3× at 1,300, 2×
 * at 800 and 1× at 150, one more step per 233 above 1,300. The index is measured before each page
 * loads, by a fixed benchmark, so no page can make itself look faster through it.
 */
export function calibratedMultiplier(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1_300) return 3 + (benchmarkIndex - 1_300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}
