// The record page: the board at any entry (GET /v1/records/{id}?at=SEQ), the entries
// (GET .../log), stepping back and forth or jumping to an entry, and following the record
// live through its Server-Sent Events (read with fetch, so a token can go in a header). With
// a token from the fragment or localStorage, the recorder below the board (recorder.js).

import { api, el, forgetToken, recordToken, seatLabel, sleep, turnText } from './api.js';
import { boardFor, mark, picture } from './boards.js';
import { Recorder } from './recorder.js';

const $ = (id) => document.getElementById(id);
const id = decodeURIComponent(location.pathname.split('/')[2] || '');

const view = {
  token: recordToken(id),
  log: null,
  /** The entry shown; null follows the latest. */
  at: null,
  flip: false,
  /** Positions by seq: a position once made never changes. */
  positions: new Map(),
  selected: null,
  targets: null,
  drawn: 0,
  shown: null,
};

function players() {
  return view.positions.get(0)?.players || [];
}

/** `p1 (Ann)` for `p1`; other actors as they are. */
function label(actor) {
  const m = /^p(\d+)$/.exec(actor || '');
  return m ? seatLabel(Number(m[1]) - 1, players()) : actor;
}

function showError(text) {
  $('error').textContent = text || '';
}

async function loadLog() {
  const answer = await api(`/v1/records/${id}/log`, { token: view.token });
  if (answer.status === 401 && view.token) {
    forgetToken(id);
    view.token = null;
    recorder.disable();
    showError('This link\'s token is not one of this record\'s: showing the public view.');
    return loadLog();
  }
  if (!answer.ok) {
    showError(answer.status === 404 ? `There is no record ${id} on this server.` : answer.body.error || `the server answered ${answer.status}`);
    return false;
  }
  view.log = answer.body;
  $('header').textContent = view.log.header.join('\n');
  return true;
}

async function position(seq) {
  if (view.positions.has(seq)) return view.positions.get(seq);
  const answer = await api(`/v1/records/${id}?at=${seq}`, { token: view.token });
  if (!answer.ok) throw new Error(answer.body.error || `the server answered ${answer.status}`);
  view.positions.set(seq, answer.body);
  return answer.body;
}

const head = () => view.log?.seq ?? 0;
const shownSeq = () => (view.at === null ? head() : view.at);

function renderMoves() {
  const list = $('moves');
  const shown = shownSeq();
  const item = (seq, actor, text, entry) => {
    const classes = ['entry'];
    if (seq === shown) classes.push('current');
    if (entry?.withdrawn_by) classes.push('withdrawn');
    if (actor === 'arbiter' || actor === 'note') classes.push('aside');
    return el('li', { class: classes.join(' '), 'data-seq': seq },
      el('button', {
        type: 'button',
        title: entry?.withdrawn_by ? `withdrawn by entry ${entry.withdrawn_by}` : entry?.time || '',
        onclick: () => goTo(seq),
      }, el('span', { class: 'seq', text: seq }), ' ', actor ? el('span', { class: 'actor', text: label(actor) }) : null, ' ', el('span', { class: 'command', text })));
  };
  list.replaceChildren(item(0, '', 'start'), ...(view.log?.entries || []).map((e) => item(e.seq, e.actor, e.command, e)));
  list.querySelector('.current')?.scrollIntoView({ block: 'nearest' });
}

/** Draws the position shown; a newer call wins over one still waiting for the server. */
async function render() {
  const ticket = ++view.drawn;
  const seq = shownSeq();
  let pos;
  let previous = null;
  try {
    pos = await position(seq);
    await position(0);
    // Chess marks the last move by the cells that changed since the entry before.
    if (seq > 0 && boardFor(pos.game, pos.state).last) previous = await position(seq - 1);
  } catch (error) {
    if (ticket === view.drawn) showError(error.message);
    return;
  }
  if (ticket !== view.drawn) return;
  view.shown = pos;
  view.previous = previous;
  paint();
  document.title = `${pos.game}: ${pos.players.join(' – ')} · kifu`;
  $('title').textContent = `${pos.game} · ${pos.players.join(' – ')}`;
  $('status').textContent = turnText(pos.turn, pos.players);
  const atHead = view.at === null;
  $('where').textContent = atHead ? `entry ${seq} (latest)` : `entry ${seq} of ${head()}`;
  $('first').disabled = $('back').disabled = seq === 0;
  $('forward').disabled = $('last').disabled = atHead;
  renderMoves();
  recorder.show(pos, atHead, seq);
}

/** Puts the server's picture of the position shown on the page, with the recorder's
 * selection and chess's last move marked on it, and the notes beside it; no call to the
 * server. The board is turned (⇅, or for the second seat's recorder in chess) by the style
 * sheet's `flipped` class, which rotates the picture and turns its texts upright again. */
function paint() {
  const pos = view.shown;
  if (!pos) return;
  const kind = boardFor(pos.game, pos.state);
  const atHead = view.at === null;
  const root = picture(pos);
  if (pos.svg) {
    mark(root, {
      tappable: recorder.active && atHead,
      last: kind.last ? kind.last(pos.state, view.previous?.state) : [],
      selected: atHead ? view.selected : null,
      targets: (atHead && view.targets) || [],
    });
  }
  $('board').replaceChildren(root);
  $('board').classList.toggle('flipped', view.flip);
  $('flip').hidden = !pos.svg;
  $('extra').replaceChildren(kind.notes(pos.state, label) || '');
}

/** A tap on a cell of the picture goes to the recorder, at the latest entry only. */
$('board').addEventListener('click', (event) => {
  const cell = event.target.closest('[data-cell]');
  const pos = view.shown;
  if (!cell || !pos || !recorder.active || view.at !== null) return;
  recorder.tap(boardFor(pos.game, pos.state), cell.getAttribute('data-cell'));
});

function goTo(seq) {
  view.at = seq >= head() ? null : Math.max(0, seq);
  view.selected = null;
  view.targets = null;
  render();
}

let pending = null;
/** Reads the log again and draws (several calls close together make one). */
function refresh() {
  if (!pending) {
    pending = (async () => {
      await sleep(60);
      pending = null;
      if (await loadLog()) {
        view.selected = null;
        view.targets = null;
        await render();
      }
    })();
  }
  return pending;
}

/**
 * Follows the record's Server-Sent Events from the latest entry seen, reconnecting (after a
 * second, then longer) with Last-Event-ID. Read with fetch rather than EventSource, which
 * cannot send the token's Authorization header.
 */
async function follow() {
  let wait = 1000;
  for (;;) {
    let after = head();
    try {
      const headers = { Accept: 'text/event-stream', 'Last-Event-ID': String(after) };
      if (view.token) headers.Authorization = `Bearer ${view.token}`;
      const response = await fetch(`/v1/records/${id}/stream`, { headers, cache: 'no-store' });
      if (response.ok && response.body) {
        setLive(true);
        wait = 1000;
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value.replace(/\r\n?/g, '\n');
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const event = parseEvent(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
            if (event.event === 'entry' && Number(event.id) > after) {
              after = Number(event.id);
              refresh();
            } else if (event.event === 'end') refresh();
          }
        }
      }
    } catch (_) {
      // The connection dropped: try again below.
    }
    setLive(false);
    await sleep(wait);
    wait = Math.min(wait * 2, 15000);
  }
}

/** One Server-Sent Event's fields (comments and keep-alives give none). */
function parseEvent(text) {
  const event = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf(':');
    if (at <= 0) continue;
    const field = line.slice(0, at);
    const value = line.slice(at + 1).replace(/^ /, '');
    event[field] = field === 'data' && event.data !== undefined ? `${event.data}\n${value}` : value;
  }
  return event;
}

function setLive(on) {
  $('live').textContent = on ? 'live' : 'offline';
  $('live').className = `live ${on ? 'on' : 'off'}`;
}

const recorder = new Recorder({
  id,
  panel: $('recorder'),
  token: () => view.token,
  view,
  refresh,
  repaint: paint,
  goTo,
  label,
  forget: () => {
    forgetToken(id);
    view.token = null;
    view.positions.clear();
    recorder.disable();
    refresh();
  },
});

$('first').addEventListener('click', () => goTo(0));
$('back').addEventListener('click', () => goTo(shownSeq() - 1));
$('forward').addEventListener('click', () => goTo(shownSeq() + 1));
$('last').addEventListener('click', () => goTo(head()));
$('flip').addEventListener('click', () => { view.flip = !view.flip; paint(); });
document.addEventListener('keydown', (event) => {
  if (event.target.closest('input, textarea, select')) return;
  if (event.key === 'ArrowLeft') goTo(shownSeq() - 1);
  if (event.key === 'ArrowRight') goTo(shownSeq() + 1);
});

(async () => {
  if (view.token) recorder.enable();
  if (!(await loadLog())) return;
  const first = await position(head()).catch(() => null);
  // Black's recorder sees a chess board from black's side.
  if (first && first.view === 'p2' && boardFor(first.game, first.state).flipForSecondSeat) view.flip = true;
  await render();
  follow();
})();
