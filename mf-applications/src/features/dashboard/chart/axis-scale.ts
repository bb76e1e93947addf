/**
 * A value axis a person reads at a glance: ticks on round numbers (1, 2 or 5 × a power of ten) from zero to just
 * above the largest figure, about four of them, so a bar's length can be read against the grid without the table.
 */
export interface AxisScale {
  /** The axis's end (≥ the largest figure, ≥ 1). */
  max: number;
  ticks: number[];
}

export function axisScale(largest: number, about = 4): AxisScale {
  const top = Math.max(largest, 0);
  if (top === 0) return { max: 1, ticks: [0, 1] };
  const rough = top / about;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const max = Math.ceil(top / step) * step;
  const ticks: number[] = [];
  // Rounded to the step's decimals: 0.1 + 0.2 must read 0.3 on the axis.
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  for (let v = 0; v <= max + step / 2; v += step) ticks.push(Number(v.toFixed(decimals)));
  return { max, ticks };
}
