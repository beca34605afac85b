// @ts-check
// What the scorepad keeps in this browser (localStorage): the game in progress, the games
// kept, the club night, the variants' facts last fetched. One module for all of them, so
// that each entry carries its schema version and a browser that will not keep anything
// (a private window, a full disk) is met in one place: the work is then kept in memory
// for the session, and the page is told why (onTrouble).
//
// An entry is its value with its version beside it: {"schema": 1, ...value}. An entry
// written before versions (the club night's {"cards": [...]}) is version 0.

const memory = new Map();
const listeners = [];
let trouble = null;

// Call `listener(words)` when the browser first refuses to keep something (at once, if it
// already has).
export function onTrouble(listener) {
  listeners.push(listener);
  if (trouble) listener(trouble);
}

function refused(error) {
  if (trouble) return;
  trouble = error && error.name === "QuotaExceededError"
    ? "This browser's storage for the scorepad is full: what you enter is kept only while this tab stays open."
    : "This browser is not keeping the scorepad's work (storage is turned off, as in a private window): "
      + "what you enter is kept only while this tab stays open.";
  for (const listener of listeners) listener(trouble);
}

// The browser's storage, or null: in some private windows merely asking for it throws.
function storage() {
  try {
    return window.localStorage;
  } catch (error) {
    refused(error);
    return null;
  }
}

function getText(key) {
  if (memory.has(key)) return memory.get(key);
  const local = storage();
  if (!local) return null;
  try {
    return local.getItem(key);
  } catch (error) {
    refused(error);
    return null;
  }
}

function setText(key, text) {
  const local = storage();
  if (local) {
    try {
      if (text === null) local.removeItem(key); else local.setItem(key, text);
      memory.delete(key);
      return;
    } catch (error) {
      refused(error);
    }
  }
  memory.set(key, text);
}

// One kind of entry: its key, the schema it is written in, the migrations that bring an
// older version up to it ({0: (value) => value in version 1, ...}), and what it is called
// in a message ("The game in progress").
export class Entry {
  /** @param {string} key @param {{schema: number, migrations?: Object<number, Function>, what: string}} kind */
  constructor(key, { schema, migrations, what }) {
    this.key = key;
    this.schema = schema;
    this.migrations = migrations || {};
    this.what = what;
  }

  // {value} (null when nothing is kept), or {refused: words} for an entry this page
  // cannot read: damaged, or of a version it does not know. A refused entry is set aside
  // (under key + ".refused"), not overwritten, and the key is free for new work.
  load() {
    const text = getText(this.key);
    if (text === null) return { value: null };
    let stored;
    try {
      stored = JSON.parse(text);
    } catch (error) {
      return this.setAside(text, `${this.what} kept in this browser is damaged and cannot be opened`);
    }
    if (stored === null || typeof stored !== "object" || Array.isArray(stored)) {
      return this.setAside(text, `${this.what} kept in this browser is damaged and cannot be opened`);
    }
    const { schema: version = 0, ...value } = stored;
    let current = value;
    for (let v = version; v !== this.schema; v += 1) {
      const migrate = Number.isInteger(v) && v < this.schema ? this.migrations[v] : undefined;
      current = migrate ? migrate(current) : undefined;
      if (current === undefined) {
        return this.setAside(text, `${this.what} kept in this browser was written by another version of the `
          + `scorepad (schema ${JSON.stringify(version)}; this page reads schema ${this.schema}) and cannot be opened`);
      }
    }
    if (version !== this.schema) this.save(current);
    return { value: current };
  }

  setAside(text, words) {
    setText(`${this.key}.refused`, text);
    setText(this.key, null);
    return { refused: `${words}. It is set aside, unchanged, under “${this.key}.refused”.` };
  }

  save(value) { setText(this.key, JSON.stringify({ schema: this.schema, ...value })); }

  remove() { setText(this.key, null); }
}
