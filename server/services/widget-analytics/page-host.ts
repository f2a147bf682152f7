// Which site a browser request comes from, and whether a project's domains accept it. A project
// whose settings name a domain takes events and embeds only from pages on that domain or its
// subdomains (docs/widget-analytics.md, "Sites"). The page is the Origin header (browsers send it
// on every cross-site POST and CORS fetch), else the Referer's host; a request with neither, or
// with Origin "null" (a sandboxed or opaque page), names no site and is refused for such projects.
// Non-browser clients can forge both headers: this fences other sites' pages, not scripts.

/** The host (with its port, when not the scheme's default) of the page a request comes from, lower-cased; undefined when it names none. */
export function pageHost({ origin, referer }: { origin: string | undefined; referer: string | undefined }): string | undefined {
  const source = origin && origin !== 'null' ? origin : referer;
  if (!source || source.length > 2048) return undefined;
  try {
    const url = new URL(source);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.host.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * True when the project names no domain, or `host`'s name is one of them or a subdomain of one
 * (any port), or `host` is `serverHost`, the host and port the request was sent to (req.host): a
 * page of the product itself, such as its /embed pages, which a browser on another site cannot claim.
 */
export function hostAccepted({ host, domains, serverHost }: { host: string | undefined; domains: readonly string[]; serverHost: string }): boolean {
  if (domains.length === 0) return true;
  if (host === undefined) return false;
  if (host === serverHost.toLowerCase()) return true;
  const name = host.replace(/:\d+$/, '');
  return domains.some((domain) => {
    const lower = domain.toLowerCase();
    return name === lower || name.endsWith(`.${lower}`);
  });
}
