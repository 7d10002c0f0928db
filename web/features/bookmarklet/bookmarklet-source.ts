/** Longest `javascript:` link that stays valid: longer ones are shown as 'Too long'. */
export const BOOKMARKLET_MAX_LENGTH = 2000;
/** The email body is cut to its first 500 characters. */
export const BOOKMARKLET_BODY_MAX = 500;
/** Where the bookmarklet opens the task form, on the product's own origin. */
export const BOOKMARKLET_PATH = '/create-task-bookmarklet';

/** The webmail providers the bookmarklet reads; any other page falls back to title and selection. */
export const BOOKMARKLET_PROVIDERS = ['Gmail', 'Outlook on the web', 'Yahoo Mail'] as const;

/**
 * The bookmarklet itself. It runs inside the webmail page (not in the product), so it must be
 * self-contained: no imports, no outer variables, no comments inside, no line breaks inside strings
 * (minifiers may turn a "\n" escape into a raw line break), semicolons everywhere (its
 * text becomes the `javascript:` link, and the product's test page calls this very function).
 *
 * Providers are recognised by host name, and on other hosts by their markup (subject and body
 * elements both present), which is how the test page's simulated email is read. Selectors joined
 * by `|` are tried in order (the first that matches wins):
 * - Gmail: subject `h2.hP`, sender `.gD[email]` (attributes name and email), body the last `.a3s`.
 * - Outlook on the web: subject the reading pane's level-2 heading, sender the `From` persona or a
 *   `title` holding an address, body `[aria-label="Message body"]`.
 * - Yahoo Mail: the `data-test-id` attributes message-group-subject-text / message-subject,
 *   message-from and message-view-body-content.
 * The body is the last one on the page (the open message of a thread) and the sender the one nearest
 * to it, so a thread's earlier senders are not taken for the open message's.
 * Elsewhere: the page title as subject and the selected text as body.
 * It opens `<origin>/create-task-bookmarklet?subject=&body=&sender=&url=` in a popup (in the same
 * tab when popups are blocked) and sends nothing anywhere else.
 */
export function runBookmarklet(origin: string): void {
  var d = document,
    h = location.hostname,
    q = (s: string, r?: ParentNode) => {
      for (var x of s.split('|')) {
        var e = (r || d).querySelector(x) as HTMLElement | null;
        if (e) return e;
      }
      return null;
    },
    t = (e: HTMLElement | null) => (e ? e.innerText || e.textContent || '' : '').replace(/\s+/g, ' ').trim(),
    P: [RegExp, string, string, string][] = [
      [/(^|\.)mail\.google\.com$/, 'h2.hP', '.gD[email]|span[email]', '.a3s'],
      [
        /(^|\.)outlook\.(live|office|office365)\.com$/,
        '[role=main] [role=heading][aria-level="2"]|[role=heading][aria-level="2"]',
        '[role=main] [aria-label^="From"]|[aria-label^="From"]|[role=main] [title*="@"]',
        '[aria-label="Message body"]',
      ],
      [
        /(^|\.)mail\.yahoo\.com$/,
        '[data-test-id=message-group-subject-text]|[data-test-id=message-subject]',
        '[data-test-id=message-from]',
        '[data-test-id=message-view-body-content]',
      ],
    ],
    p = P.find((x) => x[0].test(h)) || P.find((x) => q(x[1]) && q(x[3])),
    s = d.title,
    b = ((getSelection() || '') + '').trim(),
    f = '',
    E = encodeURIComponent;
  if (p) {
    s = t(q(p[1])) || s;
    var B = d.querySelectorAll(p[3]),
      c = B[B.length - 1] as HTMLElement | null,
      e: HTMLElement | null = null;
    b = c ? c.innerText.trim() : '';
    for (; c && !(e = q(p[2], c)); c = c.parentElement);
    e = e || q(p[2]);
    if (e) {
      var a = e.matches('[email]') ? e : e.querySelector('[email],[title*="@"]') || e,
        m = ((a.getAttribute('email') || '') + ' ' + (a.getAttribute('title') || '') + ' ' + t(e)).match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/),
        n = (e.getAttribute('name') || a.getAttribute('name') || t(e))
          .replace(/^From:?\s*/, '')
          .replace(/<?[\w.+-]+@[\w.-]+>?/, '')
          .trim();
      f = m ? (n ? n + ' <' + m[0] + '>' : m[0]) : n;
    }
  }
  var u = origin + '/create-task-bookmarklet?subject=' + E(s.trim()) + '&body=' + E(b.slice(0, 500)) + '&sender=' + E(f) + '&url=' + E(location.href),
    w = window.open(u, 'lwf_task', 'width=560,height=720');
  if (!w) location.href = u;
}

/**
 * The `javascript:` link of the bookmarklet for `origin` (the product's own origin). Line breaks and
 * indentation are folded (the browser drops line breaks from URLs) and `%` is escaped (the browser
 * percent-decodes the link before running it).
 */
export function bookmarkletHref(origin: string): string {
  const code = `(${runBookmarklet.toString()})(${JSON.stringify(origin)})`.replace(/\s*\n\s*/g, ' ').replace(/%/g, '%25');
  return `javascript:${code}`;
}

/** Whether a bookmarklet link is short enough to be saved as a bookmark (at most 2,000 characters). */
export const bookmarkletFits = (href: string): boolean => href.length <= BOOKMARKLET_MAX_LENGTH;
