/** `hh:mm:ss(.mmm)` moved by `shiftMs`, kept within the day: an event's time in an edit. */
export function shifted(time: string, shiftMs: number): string {
  const [hh, mm, rest] = time.split(':');
  const [ss, millis] = (rest ?? '0').split('.');
  const ms =
    ((Number(hh) * 60 + Number(mm)) * 60 + Number(ss)) * 1000 + Number((millis ?? '0').padEnd(3, '0')) + shiftMs;
  const clamped = Math.min(Math.max(ms, 0), 24 * 3_600_000 - 1);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(Math.floor(clamped / 3_600_000))}:${pad(Math.floor(clamped / 60_000) % 60)}:${pad(Math.floor(clamped / 1000) % 60)}.${pad(clamped % 1000, 3)}`;
}
