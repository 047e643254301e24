// What every page shares: calls to the /v1 API (a token only ever as an Authorization
// header), the record's token kept in the URL fragment and localStorage (never in a URL the
// server sees), small DOM and SVG builders (for the marks laid over a picture), and whose
// turn it is in words.

/** Calls the API; resolves to {status, ok, body} (JSON when the answer is JSON). */
export async function api(path, { token, method = 'GET', body, headers = {} } = {}) {
  const init = { method, headers: { ...headers }, cache: 'no-store', referrerPolicy: 'no-referrer' };
  if (token) init.headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    return { status: 0, ok: false, body: { error: `the server cannot be reached (${error.message})` } };
  }
  const type = response.headers.get('content-type') || '';
  const answer = type.includes('application/json') ? await response.json() : await response.text();
  return { status: response.status, ok: response.ok, body: answer };
}

const KEY = (id) => `kifu:token:${id}`;

/**
 * The record's token: taken from the fragment (#token=...) when there is one, then kept in
 * localStorage and wiped from the address bar, so it is neither shown nor bookmarked by
 * accident; otherwise the one kept before, if any.
 */
export function recordToken(id) {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  const given = fragment.get('token');
  if (given && /^[0-9a-f]{32}$/.test(given)) {
    try {
      localStorage.setItem(KEY(id), given);
    } catch (_) {
      // Private browsing may refuse storage: the token then lives as long as the page.
    }
    history.replaceState(null, '', location.pathname + location.search);
    return given;
  }
  try {
    return localStorage.getItem(KEY(id));
  } catch (_) {
    return null;
  }
}

export function forgetToken(id) {
  try {
    localStorage.removeItem(KEY(id));
  } catch (_) {
    // Nothing kept.
  }
}

/** An element with attributes (on* as listeners, `class`, `text`) and children. */
export function el(tag, attrs = {}, ...children) {
  return build(document.createElement(tag), attrs, children);
}

const SVG = 'http://www.w3.org/2000/svg';

/** An SVG element, as `el`. */
export function svg(tag, attrs = {}, ...children) {
  return build(document.createElementNS(SVG, tag), attrs, children);
}

function build(node, attrs, children) {
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
    else if (name === 'text') node.textContent = value;
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** `p1` for seat 0. */
export const seatName = (seat) => `p${seat + 1}`;

/** A seat with its player's name: `p1 (Ann)`. */
export function seatLabel(seat, players) {
  const name = players && players[seat];
  return name && name !== '?' ? `${seatName(seat)} (${name})` : seatName(seat);
}

/** Whose turn it is, or how the game ended, in words. */
export function turnText(turn, players) {
  if (!turn) return '';
  switch (turn.kind) {
    case 'seat':
      return `${seatLabel(turn.seat, players)} to act`;
    case 'simultaneous':
      return `${turn.seats.map((s) => seatLabel(s, players)).join(', ')} to act`;
    case 'chance':
      return 'chance is due (a throw or a deal)';
    case 'over': {
      const o = turn.outcome || {};
      const who = (o.winners || []).map((s) => seatLabel(s, players));
      return `over: ${who.length ? `${who.join(' and ')} won` : 'a draw'}${o.reason ? ` (${o.reason})` : ''}`;
    }
    default:
      return JSON.stringify(turn);
  }
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
