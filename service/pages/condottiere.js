// Condottiere drawn from its state: the map of Italy (the regions and borders the state
// gives, placed roughly where the cities lie, coloured by who holds them, the city fought
// for outlined) and, per seat, the battle line, the strength, the hand as the view may see it
// and the cities held. A tap on a region chooses it when that is a legal choice.

import { cellGroup, el, svg } from './api.js';

// Where each region is drawn (a schematic of the peninsula, north at the top).
const PLACES = {
  Torino: [40, 80], Milano: [120, 48], Genova: [92, 158], Venezia: [300, 40], Mantova: [205, 70],
  Parma: [155, 122], Modena: [215, 138], Ferrara: [282, 100], Bologna: [268, 168], Lucca: [160, 210],
  Firenze: [235, 232], Urbino: [318, 218], Ancona: [385, 238], Siena: [225, 296], Spoleto: [318, 306],
  Roma: [300, 380], Napoli: [390, 440],
};

function place(name, index, count) {
  if (PLACES[name]) return PLACES[name];
  const angle = (2 * Math.PI * index) / count;
  return [215 + 180 * Math.cos(angle), 240 + 200 * Math.sin(angle)];
}

/** The battle now, if one is on: {city (index or null), defender, current}. */
function battle(state) {
  return state.phase && typeof state.phase === 'object' ? state.phase.Battle || null : null;
}

function cardText(state, id) {
  const card = (state.cards || []).find((c) => c.id === id);
  return card ? card.code : String(id);
}

function handChips(state, hand) {
  const chips = [];
  (hand.known || []).forEach((count, i) => {
    for (let k = 0; k < count; k++) {
      const card = state.cards?.[i];
      chips.push(el('span', { class: 'card', title: card?.name, text: card ? card.code : i }));
    }
  });
  if (hand.unknown) chips.push(el('span', { class: 'card hidden', text: `?×${hand.unknown}` }));
  return chips.length ? chips : [el('span', { class: 'muted', text: 'none' })];
}

export const condottiere = {
  matches: (game, state) => game === 'condottiere' || Boolean(state?.map?.regions),
  draw(state, ctx) {
    const regions = state.map?.regions || [];
    const at = regions.map((name, i) => place(name, i, regions.length));
    const fight = battle(state);
    const root = svg('svg', { viewBox: '0 0 430 490', class: 'italy', role: 'img' });
    root.append(svg('rect', { x: 0, y: 0, width: 430, height: 490, class: 'sea' }));
    for (const [a, b] of state.map?.borders || []) {
      root.append(svg('line', { x1: at[a][0], y1: at[a][1], x2: at[b][0], y2: at[b][1], class: 'border' }));
    }
    regions.forEach((name, i) => {
      const [x, y] = at[i];
      const owner = state.owner?.[i];
      const classes = ['region', owner === null || owner === undefined ? 'free' : `own${owner % 6}`];
      if (fight && fight.city === i) classes.push('fought');
      if (ctx.targets?.includes(name)) classes.push('choosable');
      root.append(cellGroup(name, ctx,
        svg('circle', { cx: x, cy: y, r: 19, class: classes.join(' ') },
          svg('title', { text: owner === null || owner === undefined ? `${name}: free` : `${name}: p${owner + 1}` })),
        svg('text', { x, y: y + 32, class: 'region-name', 'text-anchor': 'middle', text: name }),
        owner === null || owner === undefined ? null : svg('text', { x, y: y + 5, class: 'region-owner', 'text-anchor': 'middle', text: `p${owner + 1}` })));
    });
    return root;
  },
  extra(state, ctx) {
    const fight = battle(state);
    const seats = (state.players || []).map((player, seat) => {
      const name = `p${seat + 1}`;
      const held = (state.owner || []).filter((o) => o === seat).length;
      const tags = [];
      if (state.token === seat) tags.push('condottiere');
      if (fight && fight.defender === seat) tags.push('defends');
      if (fight && fight.current === seat) tags.push('to play');
      if (fight && player.passed) tags.push('out');
      return el('div', { class: `seat own${seat % 6}-edge`, 'data-seat': name },
        el('p', {}, el('strong', { text: ctx.label(name) }), ` · ${held} ${held === 1 ? 'city' : 'cities'}`,
          state.scores && state.options?.target ? ` · ${state.scores[seat]} points` : '',
          tags.length ? ` · ${tags.join(', ')}` : ''),
        el('p', { class: 'line' }, 'line: ',
          player.row.length ? player.row.map((id) => el('span', { class: 'card played', text: cardText(state, id) })) : el('span', { class: 'muted', text: '–' }),
          fight ? ` = ${state.strength?.[seat] ?? 0}` : ''),
        el('p', { class: 'hand' }, 'hand: ', handChips(state, player.hand)),
        (player.discarded?.unknown || (player.discarded?.known || []).some((n) => n))
          ? el('p', { class: 'muted' }, 'threw away: ', handChips(state, player.discarded)) : null);
    });
    return el('div', {},
      el('p', { text: state.status || '' }),
      state.winter ? el('p', { text: 'winter: every mercenary counts 1' }) : null,
      state.last ? el('p', { class: 'muted', text: `last battle: ${state.last}` }) : null,
      el('div', { class: 'seats' }, seats));
  },
  pick(state, legal, name) {
    return { commands: legal.filter((l) => l.command === `choose ${name}`) };
  },
};
