// A tiny method + path router: `/payments/:imp_uid` style patterns, segments decoded.
export type Params = Record<string, string>;

interface Route<H> {
  method: string;
  pattern: string;
  segments: string[];
  handler: H;
}

export class Router<H> {
  private readonly routes: Route<H>[] = [];

  on(method: string, pattern: string, handler: H): this {
    this.routes.push({ method, pattern, segments: pattern.split('/').filter(Boolean), handler });
    return this;
  }

  /** Every route as `METHOD /pattern` (tests walk them all). */
  list(): string[] {
    return this.routes.map((route) => `${route.method} ${route.pattern}`);
  }

  match(method: string, pathname: string): { handler: H; params: Params } | null {
    const parts = pathname.split('/').filter(Boolean);
    for (const route of this.routes) {
      if (route.method !== method || route.segments.length !== parts.length) continue;
      const params: Params = {};
      const fits = route.segments.every((segment, i) => {
        const part = parts[i] ?? '';
        if (segment.startsWith(':')) {
          params[segment.slice(1)] = safeDecode(part);
          return true;
        }
        return segment === part;
      });
      if (fits) return { handler: route.handler, params };
    }
    return null;
  }
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
