/** A score in percent with one decimal ('65.0 %'), or a dash when nothing is scored. */
export function percentText(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : `${value.toFixed(1)} %`;
}
