// Chess and its variants drawn from the state's `board`: squares of any size or hexagons
// (Glinski's geometry: files as columns, each a half cell above the one to its left), the
// pieces, the last move (the cells that changed since the entry before), the king in check;
// and a move taken from two taps: the piece, then where it goes (a choice when a pawn
// promotes), or an empty cell for a drop.

import { cellGroup, el, svg } from './api.js';

// The solid glyphs for both sides (coloured by class), in text presentation.
const GLYPH = { k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' };
const TEXT = '\uFE0E';
const CHESS = ['chess', 'chess960', 'crazyhouse', 'atomic', 'antichess', 'horde', 'kingofthehill', 'threecheck', 'racingkings', 'balbo'];

function pieceNode(letter, x, y, size) {
  const white = letter === letter.toUpperCase();
  return svg('text', {
    x, y,
    class: `pc ${white ? 'white' : 'black'}`,
    'font-size': size,
    'text-anchor': 'middle',
    'dominant-baseline': 'central',
    text: GLYPH[letter.toLowerCase()] + TEXT,
  });
}

/** The cells whose piece differs between two boards: the last move, for any variant. */
function changed(board, previous) {
  if (!previous?.cells) return new Set();
  const before = new Map(previous.cells.map((c) => [c.name, c.piece]));
  return new Set(board.cells.filter((c) => before.get(c.name) !== c.piece).map((c) => c.name));
}

function drawSquares(b, ctx, last) {
  const S = 44;
  const M = 16;
  const W = b.width;
  const H = b.height;
  const root = svg('svg', { viewBox: `0 0 ${M + W * S + 2} ${H * S + M + 2}`, class: 'chessboard', role: 'img' });
  const place = (file, rank) => (ctx.flip
    ? [M + (W - 1 - file) * S, rank * S]
    : [M + file * S, (H - 1 - rank) * S]);
  for (const c of b.cells) {
    const [x, y] = place(c.file, c.rank);
    const classes = ['sq', c.shade ? 'light' : 'dark'];
    if (last.has(c.name)) classes.push('last');
    if (b.check === c.name) classes.push('check');
    if (ctx.selected === c.name) classes.push('sel');
    const parts = [svg('rect', { x, y, width: S, height: S, class: classes.join(' ') })];
    if (c.piece) parts.push(pieceNode(c.piece, x + S / 2, y + S / 2 + 2, S * 0.82));
    if (ctx.targets?.includes(c.name)) parts.push(svg('circle', { cx: x + S / 2, cy: y + S / 2, r: S * 0.14, class: 'target' }));
    root.append(cellGroup(c.name, ctx, ...parts));
  }
  for (let f = 0; f < W; f++) {
    const [x] = place(f, 0);
    root.append(svg('text', { x: x + S / 2, y: H * S + M - 3, class: 'coord', 'text-anchor': 'middle', text: b.files[f] }));
  }
  for (let r = 0; r < H; r++) {
    const [, y] = place(0, r);
    root.append(svg('text', { x: M / 2, y: y + S / 2 + 4, class: 'coord', 'text-anchor': 'middle', text: r + 1 }));
  }
  return root;
}

function drawHexes(b, ctx, last) {
  const R = 24;
  const h = Math.sqrt(3) * R;
  const sign = ctx.flip ? -1 : 1;
  const centre = (c) => [sign * c.file * 1.5 * R, sign * (c.file * h / 2 - c.rank * h)];
  const points = b.cells.map(centre);
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs) - R, Math.max(...xs) + R, Math.min(...ys) - h / 2, Math.max(...ys) + h / 2];
  const root = svg('svg', { viewBox: `${minX - 2} ${minY - 2} ${maxX - minX + 4} ${maxY - minY + 4}`, class: 'chessboard hex', role: 'img' });
  b.cells.forEach((c, i) => {
    const [x, y] = points[i];
    const corners = [[R, 0], [R / 2, h / 2], [-R / 2, h / 2], [-R, 0], [-R / 2, -h / 2], [R / 2, -h / 2]]
      .map(([dx, dy]) => `${(x + dx).toFixed(1)},${(y + dy).toFixed(1)}`).join(' ');
    const classes = ['sq', `hex${c.shade}`];
    if (last.has(c.name)) classes.push('last');
    if (b.check === c.name) classes.push('check');
    if (ctx.selected === c.name) classes.push('sel');
    const parts = [svg('polygon', { points: corners, class: classes.join(' ') }, svg('title', { text: c.name }))];
    if (c.piece) parts.push(pieceNode(c.piece, x, y + 2, R * 1.3));
    if (ctx.targets?.includes(c.name)) parts.push(svg('circle', { cx: x, cy: y, r: R * 0.25, class: 'target' }));
    root.append(cellGroup(c.name, ctx, ...parts));
  });
  return root;
}

export const chess = {
  matches: (game, state) => CHESS.includes(game) || Boolean(state?.board?.cells && state?.fen),
  draw(state, ctx) {
    const b = state.board;
    if (!b) return el('pre', { class: 'state', text: state.fen || JSON.stringify(state) });
    const last = changed(b, ctx.previous?.board);
    return b.grid === 'hex' ? drawHexes(b, ctx, last) : drawSquares(b, ctx, last);
  },
  extra(state, ctx) {
    const b = state.board || {};
    const lines = [];
    if (b.to_move && !state.result) lines.push(`${b.to_move} to move${b.check ? ', in check' : ''}`);
    if (state.draw_offer !== null && state.draw_offer !== undefined) lines.push(`draw offered by ${ctx.label(`p${state.draw_offer + 1}`)}`);
    if (b.pockets) {
      for (const side of ['white', 'black']) {
        const held = Object.entries(b.pockets[side] || {}).map(([p, n]) => `${GLYPH[p.toLowerCase()]}${TEXT}×${n}`);
        lines.push(`${side} pocket: ${held.join(' ') || '–'}`);
      }
    }
    if (b.checks) lines.push(`checks given: white ${b.checks.white}, black ${b.checks.black} (of ${b.checks.to_win})`);
    return el('div', {}, lines.map((t) => el('p', { text: t })),
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
