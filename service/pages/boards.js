// The board on the page: the server's SVG picture of the position (drawn in Rust by the game's
// own renderer, the same as `kifu show --svg`), with only interaction laid over it: the
// selected cell, its targets, chess's last move, as classes and marks on the picture's
// `[data-cell]` groups. Never draws a board itself; for a game with no picture, its text.
// Per game only what a tap means (`pick`, from the legal commands) and a few lines of notes.

import { el, svg } from './api.js';

/** The position's picture: the server's SVG, or its text when the game draws none. */
export function picture(pos) {
  const text = () => el('pre', { class: 'state', text: pos.text || JSON.stringify(pos.state, null, 1) });
  if (typeof pos.svg !== 'string') return text();
  // Parsed as XML, never run: scripts in a parsed document do not execute.
  const parsed = new DOMParser().parseFromString(pos.svg, 'image/svg+xml');
  const root = parsed.documentElement;
  if (root.localName !== 'svg' || parsed.getElementsByTagName('parsererror').length) return text();
  return document.importNode(root, true);
}

/**
 * Marks the picture's cells: `tappable` (when the recorder takes taps), `last` and `sel`
 * classes, and a target dot at each target's centre (the cell's data-x, data-y).
 */
export function mark(root, { tappable = false, last = [], selected = null, targets = [] }) {
  for (const cell of root.querySelectorAll('[data-cell]')) {
    const name = cell.getAttribute('data-cell');
    cell.classList.toggle('tappable', tappable);
    cell.classList.toggle('last', last.includes(name));
    cell.classList.toggle('sel', selected === name);
    if (targets.includes(name)) {
      cell.append(svg('circle', { cx: cell.getAttribute('data-x'), cy: cell.getAttribute('data-y'), r: 6, class: 'target' }));
    }
  }
}

/** What a game's taps mean and the notes beside its picture: chess, senet, fiveInARow,
 * condottiere, or none (taps do nothing; the recorder's buttons remain). */
export function boardFor(game, state) {
  for (const kind of [chess, senet, fiveInARow, condottiere]) {
    if (kind.matches(game, state)) return kind;
  }
  return none;
}

const none = {
  notes: () => null,
  pick: () => ({}),
};

const lines = (texts) => el('div', {}, texts.filter(Boolean).map((t) => el('p', { text: t })));

/** Chess and every variant (known by the state's shape, so a new variant needs no line here):
 * a move from two taps (the piece, then where it goes), from the
 * state's `board.moves`; the last move (`last`) as the cells that changed since the entry
 * before; black's recorder sees the board turned (`flipForSecondSeat`). */
const chess = {
  matches: (_game, state) => Boolean(state?.board?.cells && state?.fen),
  flipForSecondSeat: true,
  last(state, previous) {
    const board = state.board;
    if (!board?.cells || !previous?.board?.cells) return [];
    const before = new Map(previous.board.cells.map((c) => [c.name, c.piece]));
    return board.cells.filter((c) => before.get(c.name) !== c.piece).map((c) => c.name);
  },
  notes(state, label) {
    const b = state.board || {};
    return el('div', {},
      lines([
        b.to_move && !state.result ? `${b.to_move} to move${b.check ? ', in check' : ''}` : null,
        state.draw_offer !== null && state.draw_offer !== undefined ? `draw offered by ${label(`p${state.draw_offer + 1}`)}` : null,
      ]),
      el('p', { class: 'fen muted', text: state.fen }));
  },
  /**
   * A tap on `name`: a piece that may move is selected (its targets shown); with a piece
   * selected, a target gives the moves there (castling by the king's square or the rook's);
   * an empty cell with drops gives them.
   */
  pick(state, legal, name, selected) {
    const bySan = new Map(legal.map((l) => [l.command, l]));
    const moves = (state.board?.moves || []).filter((m) => bySan.has(m.san));
    const entries = (list) => ({ commands: list.map((m) => bySan.get(m.san)) });
    if (selected) {
      const hits = moves.filter((m) => m.from === selected && (m.to === name || m.rook === name));
      if (hits.length) return entries(hits);
    }
    const from = moves.filter((m) => m.from === name);
    if (from.length && selected !== name) return { selected: name, targets: [...new Set(from.map((m) => m.to))] };
    const drops = moves.filter((m) => m.from === null && m.to === name);
    if (drops.length) return entries(drops);
    return {};
  },
};

/** Senet: a tap on a square moves its piece (`12-15`). The picture marks the last move. */
const senet = {
  matches: (game, state) => game === 'senet' || (Array.isArray(state?.squares) && state.squares.length === 30),
  notes(state, label) {
    return lines([
      state.winner ? `${label(state.winner)} has borne off every piece` : null,
      !state.winner && state.phase === 'throw' ? `${label(state.seat)} to throw the sticks` : null,
      !state.winner && state.phase !== 'throw'
        ? `${label(state.seat)} threw ${state.throw}${state.throws_again ? ' and throws again after moving' : ''}` : null,
      state.last_move ? `last: ${state.last_move}` : null,
    ]);
  },
  pick(state, legal, name) {
    const from = legal.filter((l) => l.command.startsWith(`${name}-`));
    return from.length ? { commands: from } : {};
  },
};

/** Renju and gomoku: a tap on a point is the stone there. The picture marks the last stone,
 * the forbidden points and the offers. */
const fiveInARow = {
  matches: (game, state) => game === 'renju' || game === 'gomoku' || (state && Number.isInteger(state.size) && Array.isArray(state.black)),
  notes(state) {
    return lines([
      state.status,
      (state.forbidden || []).length ? `forbidden to black: ${state.forbidden.map((f) => `${f.point} (${f.kind})`).join(', ')}` : null,
      state.opening ? `opening ${state.opening.rule}: ${state.opening.due}${state.opening.offers.length ? `; offers ${state.opening.offers.join(' ')}` : ''}` : null,
      ...(state.claimable || []).map((c) => `claimable: ${c.colour}'s ${c.kind} at ${c.point}`),
    ]);
  },
  pick(state, legal, name) {
    return { commands: legal.filter((l) => l.command === name) };
  },
};

/** Condottiere: a tap on a region chooses it. The picture has the map, lines and hands. */
const condottiere = {
  matches: (game, state) => game === 'condottiere' || Boolean(state?.map?.regions),
  notes(state) {
    return lines([
      state.status,
      state.winter ? 'winter: every mercenary counts 1' : null,
      state.last ? `last battle: ${state.last}` : null,
    ]);
  },
  pick(state, legal, name) {
    return { commands: legal.filter((l) => l.command === `choose ${name}`) };
  },
};
