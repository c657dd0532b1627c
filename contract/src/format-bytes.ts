const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** A byte count for people: base 1024, at most two decimals, units Bytes/KB/MB/GB. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  return `${Number.parseFloat(value.toFixed(2))} ${UNITS[exponent]}`;
}
