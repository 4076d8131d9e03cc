// The console's one way to the server: JSON in, JSON out, the CSRF token on every change,
// and the API's error shape turned into an ApiError (status, message, fields).
//
// Every change is one action with one Idempotency-Key. When the answer is lost (no
// connection) or the server is busy (5xx, 429), the same request is sent again with the
// same key, so the server applies it once however often it arrives.

export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.message) || `HTTP ${status}`);
    this.name = "ApiError";
    this.status = status;
    this.code = body && body.error;
    this.fields = (body && body.fields) || {};
  }
}

let csrf = null;

export function setCsrf(token) {
  csrf = token;
}

const RETRY_DELAYS_MS = [400, 1200, 3000];

// A fresh key for one action (crypto.randomUUID needs a secure context; this does not).
export function newKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return "console-" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

const retryable = (status) => status >= 500 || status === 429;
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function send(url, init, { retries = RETRY_DELAYS_MS, fetcher = fetch } = {}) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response = await fetcher(url, init);
      if (!retryable(response.status) || attempt >= retries.length) return response;
    } catch (error) {
      if (attempt >= retries.length) throw error;
    }
    await pause(retries[attempt]);
  }
}

export async function request(method, path, body = undefined, { raw = false, ...options } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET" && csrf) headers["X-CSRF-Token"] = csrf;
  if (method !== "GET") headers["Idempotency-Key"] = options.key || newKey();
  const init = {
    method, headers, credentials: "same-origin",
    body: body === undefined ? undefined : JSON.stringify(body),
  };
  const url = path.startsWith("/") ? path : `/api/${path}`;
  const response = method === "GET" ? await fetch(url, init) : await send(url, init, options);
  if (raw && response.ok) return response;
  if (response.status === 204) return null;
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = { message: text }; }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

export const api = {
  get: (path) => request("GET", path),
  post: (path, body = {}) => request("POST", path, body),
  put: (path, body = {}) => request("PUT", path, body),
  patch: (path, body = {}) => request("PATCH", path, body),
  del: (path) => request("DELETE", path),
};
