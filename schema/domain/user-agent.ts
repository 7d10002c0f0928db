/**
 * Browser and system named from a User-Agent header, for the sessions list, the security events and the
 * name a new passkey is offered (no user-agent parser is among the project's dependencies; this one knows the common browsers and
 * systems and says "Unknown" for the rest). Order matters: Edge and Opera also say "Chrome", Chrome
 * also says "Safari".
 */
export interface UserAgentSummary {
  /** "Firefox 133", "Chrome 131", "Safari 18", ... or "Unknown browser". */
  browser: string;
  /** "Windows", "macOS", "iOS", "Android", "Linux", ... or "Unknown system". */
  os: string;
}

const BROWSERS: [name: string, pattern: RegExp][] = [
  ['Edge', /\b(?:Edg|EdgA|EdgiOS|Edge)\/(\d+)/],
  ['Opera', /\b(?:OPR|OPiOS)\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Vivaldi', /\bVivaldi\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/],
  ['Chromium', /\bChromium\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)[\d.]* (?:Mobile\/\w+ )?Safari\//],
  ['Internet Explorer', /\b(?:MSIE |Trident\/.*rv:)(\d+)/],
  ['curl', /^curl\/(\d+)/],
  ['Node.js', /^(?:node|undici|node-fetch)(?:\/(\d+))?/],
];

const SYSTEMS: [name: string, pattern: RegExp][] = [
  ['iPadOS', /\biPad\b/],
  ['iOS', /\b(?:iPhone|iPod)\b/],
  ['Android', /\bAndroid\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['Windows', /\bWindows\b/],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/],
  ['Linux', /\bLinux\b|\bX11\b/],
];

/** The browser (with its major version when known) and the system a User-Agent header names. */
export function parseUserAgent(header: string | null | undefined): UserAgentSummary {
  const ua = (header ?? '').slice(0, 512);
  let browser = 'Unknown browser';
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = match[1] ? `${name} ${match[1]}` : name;
      break;
    }
  }
  const os = SYSTEMS.find(([, pattern]) => pattern.test(ua))?.[0] ?? 'Unknown system';
  return { browser, os };
}
