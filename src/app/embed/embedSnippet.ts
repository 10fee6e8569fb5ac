/**
 * The HTML a course page pastes to embed a night: one `<iframe>`, lazy, borderless, as wide
 * as its column. Pure; every value is escaped for an attribute (the title is the night's,
 * which a scenario file may have written).
 */

/** Escapes text for a double-quoted HTML attribute. */
export function attributeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Pure: the embed's address, `base` being the app's (`https://host/path/`) and `fragment` embedFragment's. */
export function embedAddress(appBase: string, fragment: string): string {
  const base = new URL(appBase);
  base.hash = '';
  base.search = '';
  // embed.html sits beside index.html, whatever the folder the app is served from.
  const folder = base.pathname.replace(/[^/]*$/, '');
  return `${base.origin}${folder}embed.html#${fragment}`;
}

/** Pure: the `<iframe>` element's HTML for `src`, titled `title`, `heightPx` tall. */
export function embedSnippet(src: string, title: string, heightPx: number): string {
  return (
    `<iframe src="${attributeText(src)}" title="${attributeText(title)}" loading="lazy" ` +
    `style="width:100%;height:${Math.round(heightPx)}px;border:0"></iframe>`
  );
}
