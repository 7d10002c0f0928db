export declare const DEBIAN_HEADLESS_SHELL: string;
export declare const DEBIAN_CHROMIUM: string;
/** The flags every caller launches Chromium with (headless, in a container, nothing fetched in the background). */
export declare const CHROMIUM_ARGS: string[];
/** The one line printed when this machine has no Chromium. */
export declare const NO_CHROMIUM_MESSAGE: string;

export interface FindChromiumOptions {
  /**
   * Which of Debian's two to take when both are installed: 'headless-shell' (default; the browser suite)
   * or 'full' (benchmarks and screenshots, which measure or picture the full browser).
   */
  prefer?: 'headless-shell' | 'full';
}

/** CHROMIUM_PATH, else Debian's Chromium, else Playwright's downloaded one if on disk; null when there is none. */
export declare function findChromium(options?: FindChromiumOptions): string | null;
/** As findChromium; without one, prints how to get one and exits with status 1. */
export declare function chromiumOrExit(options?: FindChromiumOptions): string;
/** { executablePath, args } for chromium.launch(). */
export declare function chromiumLaunchOptions(options?: FindChromiumOptions): { executablePath: string; args: string[] };
