// Hash routes: "#/c/:cid/e/:n" → a view with {cid, n}. No DOM here, so node can test it.

export function compile(pattern) {
  const names = [];
  const source = pattern.replace(/:([a-z_]+)/g, (_, name) => {
    names.push(name);
    return "([^/]+)";
  });
  const regex = new RegExp(`^${source}$`);
  return (path) => {
    const match = regex.exec(path);
    if (!match) return null;
    return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1])]));
  };
}

// routes: [[pattern, view], …] → find(path) = {view, params} or null.
export function router(routes) {
  const compiled = routes.map(([pattern, view]) => ({ match: compile(pattern), view, pattern }));
  return (path) => {
    for (const { match, view, pattern } of compiled) {
      const params = match(path);
      if (params) return { view, params, pattern };
    }
    return null;
  };
}

export function pathOf(hash) {
  const path = (hash || "").replace(/^#/, "").split("?")[0];
  return path || "/";
}

// The query part of a hash ("#/c/1/audit?list=x") as an object.
export function queryOf(hash) {
  const query = (hash || "").split("?")[1] || "";
  return Object.fromEntries(new URLSearchParams(query));
}
