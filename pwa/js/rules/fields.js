// Typed reads of a deal record that refuse bad input by naming the field (port of
// backend/rules/record.py). Every game reads its record through Fields.

export class RecordError extends Error {
  constructor(field, message) {
    super(`${field}: ${message}`);
    this.name = "RecordError";
    this.field = field;
    this.detail = message;
  }
}

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
// A whole number in JSON: JSON.parse makes a number too big for a double ±Infinity.
const isWhole = (v) => typeof v === "number" && (Number.isInteger(v) || v === Infinity || v === -Infinity);
// The largest whole number every device counts exactly (record.py SAFE_INT).
export const SAFE_INT = Number.MAX_SAFE_INTEGER;

/** Whether `value` is a text or a whole number every device reads alike (an id). */
export const isTextOrNumber = (value) => typeof value === "string" || Number.isSafeInteger(value);

// Python's str.isspace(): what `strip()` removes (JS trim() differs on \x1c-\x1f, \x85, \ufeff).
const PY_SPACE = /^[\t\n\v\f\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$/;

/** Whether a text is empty or only white space, as Python's `not text.strip()` says. */
export const isBlank = (text) => PY_SPACE.test(text);

export function checkInt(value, path, lo = null, hi = null) {
  if (!isWhole(value)) throw new RecordError(path, `must be a whole number, got ${JSON.stringify(value)}`);
  if (lo !== null && hi !== null && !(lo <= value && value <= hi)) {
    throw new RecordError(path, `must be between ${lo} and ${hi}, got ${value}`);
  }
  if (lo !== null && value < lo) throw new RecordError(path, `must be at least ${lo}, got ${value}`);
  if (hi !== null && value > hi) throw new RecordError(path, `must be at most ${hi}, got ${value}`);
  return value;
}

export class Fields {
  constructor(data, path = "") {
    if (!isObject(data)) throw new RecordError(path || "record", "must be a JSON object");
    this.data = data;
    this.path = path;
  }

  at(name) {
    if (typeof name === "number") return `${this.path}[${name}]`;
    return this.path ? `${this.path}.${name}` : name;
  }

  error(name, message) {
    return new RecordError(this.at(name), message);
  }

  has(name) {
    return Object.hasOwn(this.data, name) && this.data[name] !== undefined && this.data[name] !== null;
  }

  raw(name, fallback = null) {
    return this.has(name) ? this.data[name] : fallback;
  }

  only(allowed) {
    const known = new Set(allowed);
    for (const name of Object.keys(this.data)) {
      if (!known.has(name)) throw this.error(name || '""', "is not a field of this record");
    }
  }

  int(name, lo = null, hi = null, { required = true, fallback = null } = {}) {
    if (!this.has(name)) {
      if (required) throw this.error(name, "is required");
      return fallback;
    }
    const value = checkInt(this.data[name], this.at(name), lo, hi);
    if (!Number.isSafeInteger(value)) {
      throw this.error(name, `must be between ${-SAFE_INT} and ${SAFE_INT}, the whole numbers every device counts exactly`);
    }
    return value;
  }

  bool(name, fallback = false) {
    if (!this.has(name)) return fallback;
    const value = this.data[name];
    if (typeof value !== "boolean") throw this.error(name, `must be true or false, got ${JSON.stringify(value)}`);
    return value;
  }

  str(name, choices = null, { required = true, fallback = null } = {}) {
    if (!this.has(name)) {
      if (required) throw this.error(name, "is required");
      return fallback;
    }
    const value = this.data[name];
    if (typeof value !== "string") throw this.error(name, `must be a text, got ${JSON.stringify(value)}`);
    if (choices && !choices.includes(value)) {
      throw this.error(name, `must be one of ${choices.join(", ")}; got ${JSON.stringify(value)}`);
    }
    return value;
  }

  list(name, { required = false } = {}) {
    if (!this.has(name)) {
      if (required) throw this.error(name, "is required");
      return [];
    }
    if (!Array.isArray(this.data[name])) throw this.error(name, "must be a list");
    return this.data[name];
  }

  obj(name, { required = false } = {}) {
    if (!this.has(name)) {
      if (required) throw this.error(name, "is required");
      return null;
    }
    return new Fields(this.data[name], this.at(name));
  }

  objs(name, { required = false } = {}) {
    return this.list(name, { required }).map((v, i) => new Fields(v, `${this.at(name)}[${i}]`));
  }
}
