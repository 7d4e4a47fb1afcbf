// ABP names zones as Windows does; its clients convert with moment-timezone from the IANA name given beside it. The
// zones a tenant of this product is likely to keep have their Windows names; any other is named by its IANA name.
const WINDOWS_NAMES: Record<string, string> = {
  'Asia/Shanghai': 'China Standard Time', 'Asia/Urumqi': 'Central Asia Standard Time', 'Asia/Hong_Kong': 'China Standard Time',
  'Asia/Macau': 'China Standard Time', 'Asia/Taipei': 'Taipei Standard Time', 'UTC': 'UTC', 'Etc/UTC': 'UTC',
};

export const windowsZoneName = (zone: string): string => WINDOWS_NAMES[zone] ?? zone;
