// The boards: which drawing a game gets (chess and its variants, Senet, Renju and gomoku,
// Condottiere; the state as text for any other), and the Senet and five-in-a-row drawings.
// A drawing reads only the position's state JSON; a tap on a cell calls ctx.onCell(name), and
// `pick` turns that tap into the legal commands it can mean (the recorder's choices).

import { cellGroup, el, svg } from './api.js';
import { chess } from './chess.js';
import { condottiere } from './condottiere.js';

/** The drawing for a game and its state: chess, senet, fiveInARow, condottiere or plain. */
export function boardFor(game, state) {
  for (const kind of [chess, senet, fiveInARow, condottiere]) {
    if (kind.matches(game, state)) return kind;
  }
  return plain;
}

/** Any other game: the state as it comes, readable. */
const plain = {
  matches: () => true,
  draw: (state) => el('pre', { class: 'state', text: JSON.stringify(state, null, 1) }),
  extra: () => null,
  pick: () => ({}),
};

/** The legal entries of `legal` whose command is one of `texts`. */
export function entriesFor(legal, texts) {
  return legal.filter((l) => texts.includes(l.command));
}

// Senet: 30 squares in three rows of ten, read as an S: 1-10 left to right, 11-20 right to
// left, 21-30 left to right; p1's pieces round, p2's square. Squares 15 and 26 to 30 are
// marked as the rules name them.
const SENET_MARKS = { 15: '☥', 26: '✧', 27: '≈', 28: 'III', 29: 'II', 30: 'I' };

function senetPlace(square) {
  const index = square - 1;
  const row = Math.floor(index / 10);
  const col = row === 1 ? 9 - (index % 10) : index % 10;
  return { row, col };
}

const senet = {
  matches: (game, state) => game === 'senet' || (Array.isArray(state?.squares) && state.squares.length === 30),
  draw(state, ctx) {
    const S = 44;
    const root = svg('svg', { viewBox: `-2 -2 ${10 * S + 4} ${3 * S + 4}`, class: 'senet', role: 'img' });
    const last = /(\d+)-(\d+|off)/.exec(state.last_move || '');
    const lastCells = last ? [last[1], last[2]] : [];
    for (let square = 1; square <= 30; square++) {
      const { row, col } = senetPlace(square);
      const x = col * S;
      const y = row * S;
      const name = String(square);
      const classes = ['sq', (row + col) % 2 ? 'dark' : 'light'];
      if (lastCells.includes(name)) classes.push('last');
      if (ctx.selected === name) classes.push('sel');
      const parts = [
        svg('rect', { x, y, width: S, height: S, class: classes.join(' ') }),
        svg('text', { x: x + 3, y: y + 11, class: 'num', text: square }),
      ];
      if (SENET_MARKS[square]) parts.push(svg('text', { x: x + S - 4, y: y + 12, class: 'mark', 'text-anchor': 'end', text: SENET_MARKS[square] }));
      const owner = state.squares[square - 1];
      if (owner === 'p1') parts.push(svg('circle', { cx: x + S / 2, cy: y + S / 2 + 3, r: S * 0.3, class: 'piece p1' }));
      if (owner === 'p2') parts.push(svg('rect', { x: x + S * 0.22, y: y + S * 0.25, width: S * 0.56, height: S * 0.56, rx: 4, class: 'piece p2' }));
      if (ctx.targets?.includes(name)) parts.push(svg('circle', { cx: x + S / 2, cy: y + S / 2, r: 5, class: 'target' }));
      root.append(cellGroup(name, ctx, ...parts));
    }
    return root;
  },
  extra(state, ctx) {
    const seat = (p) => ctx.label(p);
    const lines = [
      `${seat('p1')} ● borne off ${state.borne_off.p1} · ${seat('p2')} ■ borne off ${state.borne_off.p2}`,
    ];
    if (state.winner) lines.push(`${seat(state.winner)} has borne off every piece`);
    else if (state.phase === 'throw') lines.push(`${seat(state.seat)} to throw the sticks`);
    else lines.push(`${seat(state.seat)} threw ${state.throw}${state.throws_again ? ' and throws again after moving' : ''}`);
    if (state.last_move) lines.push(`last: ${state.last_move}`);
    return el('div', {}, lines.map((t) => el('p', { text: t })));
  },
  pick(state, legal, name) {
    const from = legal.filter((l) => l.command.startsWith(`${name}-`));
    return from.length ? { commands: from } : {};
  },
};

// Renju and gomoku: a size x size grid of lines, stones on the points, the last stone
// marked, and the points forbidden to the colour to move crossed when the state lists them.
function pointName(x, y) {
  return `${String.fromCharCode(97 + x)}${y + 1}`;
}

const fiveInARow = {
  matches: (game, state) => game === 'renju' || game === 'gomoku' || (state && Number.isInteger(state.size) && Array.isArray(state.black)),
  draw(state, ctx) {
    const n = state.size;
    const C = 28;
    const M = 34;
    const size = M + (n - 1) * C + C / 2;
    const root = svg('svg', { viewBox: `0 0 ${size + 6} ${size + 6}`, class: 'goban', role: 'img' });
    const at = (x, y) => {
      const fx = ctx.flip ? n - 1 - x : x;
      const fy = ctx.flip ? y : n - 1 - y;
      return [M + fx * C, C / 2 + fy * C];
    };
    root.append(svg('rect', { x: 0, y: 0, width: size + 6, height: size + 6, class: 'wood' }));
    for (let i = 0; i < n; i++) {
      const [x1, y1] = at(i, 0);
      const [x2, y2] = at(i, n - 1);
      root.append(svg('line', { x1, y1, x2, y2, class: 'grid' }));
      const [a1, b1] = at(0, i);
      const [a2, b2] = at(n - 1, i);
      root.append(svg('line', { x1: a1, y1: b1, x2: a2, y2: b2, class: 'grid' }));
      root.append(svg('text', { x: x1, y: size + 2, class: 'coord', 'text-anchor': 'middle', text: String.fromCharCode(97 + i) }));
      root.append(svg('text', { x: 13, y: b1 + 4, class: 'coord', 'text-anchor': 'middle', text: i + 1 }));
    }
    if (n >= 13) {
      const e = 3;
      const c = (n - 1) / 2;
      for (const [x, y] of [[e, e], [n - 1 - e, e], [c, c], [e, n - 1 - e], [n - 1 - e, n - 1 - e]]) {
        if (!Number.isInteger(x)) continue;
        const [cx, cy] = at(x, y);
        root.append(svg('circle', { cx, cy, r: 3, class: 'star' }));
      }
    }
    const stones = new Map();
    for (const p of state.black) stones.set(p, 'black');
    for (const p of state.white) stones.set(p, 'white');
    const forbidden = new Map();
    const list = state.to_move === 'white' ? state.forbidden_white : state.forbidden;
    if (!state.outcome && !state.opening) for (const f of list || []) forbidden.set(f.point, f.kind);
    const offers = new Set(state.opening?.offers || []);
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        const name = pointName(x, y);
        const [cx, cy] = at(x, y);
        const parts = [svg('rect', { x: cx - C / 2, y: cy - C / 2, width: C, height: C, class: 'hit' })];
        const colour = stones.get(name);
        if (colour) parts.push(svg('circle', { cx, cy, r: C * 0.44, class: `stone ${colour}` }));
        if (name === state.last) parts.push(svg('circle', { cx, cy, r: 4, class: 'last-mark' }));
        if (forbidden.has(name)) {
          parts.push(svg('path', { d: `M${cx - 6} ${cy - 6}L${cx + 6} ${cy + 6}M${cx + 6} ${cy - 6}L${cx - 6} ${cy + 6}`, class: 'forbidden' },
            svg('title', { text: `forbidden to ${state.to_move}: ${forbidden.get(name)}` })));
        }
        if (offers.has(name)) parts.push(svg('circle', { cx, cy, r: C * 0.3, class: 'offer' }));
        if (ctx.targets?.includes(name)) parts.push(svg('circle', { cx, cy, r: 4, class: 'target' }));
        root.append(cellGroup(name, ctx, ...parts));
      }
    }
    return root;
  },
  extra(state) {
    const lines = [state.status];
    if ((state.forbidden || []).length) {
      lines.push(`forbidden to black: ${state.forbidden.map((f) => `${f.point} (${f.kind})`).join(', ')}`);
    }
    if (state.opening) lines.push(`opening ${state.opening.rule}: ${state.opening.due}${state.opening.offers.length ? `; offers ${state.opening.offers.join(' ')}` : ''}`);
    for (const c of state.claimable || []) lines.push(`claimable: ${c.colour}'s ${c.kind} at ${c.point}`);
    return el('div', {}, lines.map((t) => el('p', { text: t })));
  },
  pick(state, legal, name) {
    return { commands: entriesFor(legal, [name]) };
  },
};
