// The renderers' one DOM helper: elements built with text nodes only (settings are other
// people's words; never HTML), and links kept to web and mail addresses.

type Child = Node | string | null | false | undefined;

interface Props {
  class?: string;
  text?: string;
  attrs?: Record<string, string>;
  onClick?: () => void;
}

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, children: Child[] = []): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (props.class) element.className = props.class;
  if (props.text !== undefined) element.textContent = props.text;
  for (const [name, value] of Object.entries(props.attrs ?? {})) element.setAttribute(name, value);
  if (props.onClick) element.addEventListener('click', props.onClick);
  for (const child of children) if (child) element.append(child);
  return element;
}

/** A link target the visitor can safely follow: http(s), mailto or a same-site path; '#' otherwise. */
export function safeUrl(url: string | undefined): string {
  const value = (url ?? '').trim();
  return /^(https?:\/\/|mailto:|\/(?!\/))/i.test(value) ? value : '#';
}

/** An external link that opens in a new tab and reports its click. */
export function link({ url, text, className, onClick }: { url?: string; text: string; className: string; onClick: () => void }): HTMLAnchorElement {
  return h('a', { class: className, text, attrs: { href: safeUrl(url), target: '_blank', rel: 'noopener' }, onClick });
}

/** Sets the widget's accent color as a CSS variable (the schema allows #rrggbb only). */
export function accent(root: HTMLElement, color: string | undefined): void {
  if (color && /^#[0-9a-f]{6}$/i.test(color)) root.style.setProperty('--accent', color);
}

/**
 * An SVG element (h() builds HTML only), for icons a renderer draws from its own constants:
 * never give it settings as attributes, since `href` and event attributes would run them.
 */
export function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, children: SVGElement[] = []): SVGElementTagNameMap[K] {
  const element = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}
