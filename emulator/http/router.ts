// A tiny method + path router: `/payments/:imp_uid` style patterns, segments decoded. Routes are
// kept by method and number of segments, so a request is compared only with those that could
// match (the REST API has some 60), in the order they were added.
export type Params = Record<string, string>;

interface Route<H> {
  method: string;
  pattern: string;
  segments: string[];
  handler: H;
}

export class Router<H> {
  private readonly routes: Route<H>[] = [];
  private readonly byShape = new Map<string, Route<H>[]>();

  on(method: string, pattern: string, handler: H): this {
    const route = { method, pattern, segments: pattern.split('/').filter(Boolean), handler };
    this.routes.push(route);
    const shape = `${method} ${route.segments.length}`;
    const same = this.byShape.get(shape);
    if (same) same.push(route);
    else this.byShape.set(shape, [route]);
    return this;
  }

  /** Every route as `METHOD /pattern` (tests walk them all). */
  list(): string[] {
    return this.routes.map((route) => `${route.method} ${route.pattern}`);
  }

  match(method: string, pathname: string): { handler: H; params: Params } | null {
    const parts = pathname.split('/').filter(Boolean);
    for (const route of this.byShape.get(`${method} ${parts.length}`) ?? []) {
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
