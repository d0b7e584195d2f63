/**
 * "12.3 MB", "840 kB": 1024-based like the limits ("100 MB" = 100 x 1024 x 1024 bytes), so a file
 * just under the limit never shows as larger than it.
 */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} kB`;
  return `${bytes} B`;
}
