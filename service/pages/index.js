// The front page: the records (filtered by game, player and tag, a page at a time through
// GET /v1/records) and the new-game form (POST /v1/records), which shows the new record's
// tokens once, each as a recorder link whose token sits in the fragment.

import { api, el, turnText } from './api.js';

const $ = (id) => document.getElementById(id);
let games = [];
let after = null;

async function loadGames() {
  const answer = await api('/v1/games');
  if (!answer.ok) {
    $('new-error').textContent = answer.body.error || 'the games could not be read';
    return;
  }
  games = answer.body.games;
  for (const game of games) {
    $('new-game').append(el('option', { value: game.name, text: game.name }));
    $('filter-game').append(el('option', { value: game.name, text: game.name }));
  }
  chooseGame();
}

function game() {
  return games.find((g) => g.name === $('new-game').value);
}

function chooseGame() {
  const g = game();
  if (!g) return;
  $('new-about').textContent = g.about;
  const players = $('new-players');
  const names = [...players.querySelectorAll('input')].map((i) => i.value);
  players.replaceChildren(el('legend', { text: 'Players' }));
  const count = Math.min(Math.max(names.length, g.players[0]), g.players[1]);
  for (let i = 0; i < count; i++) addPlayer(names[i] || '');
  const options = $('new-options');
  options.replaceChildren(el('legend', { text: 'Options' }));
  options.hidden = g.options.length === 0;
  for (const key of g.options) {
    options.append(el('label', {}, key, el('input', { name: key, 'data-option': key, placeholder: 'default' })));
  }
  updatePlayerButtons();
}

function addPlayer(name) {
  const players = $('new-players');
  const n = players.querySelectorAll('input').length;
  players.append(el('label', {}, `p${n + 1}`, el('input', { value: name, placeholder: 'name', 'data-seat': n })));
}

function updatePlayerButtons() {
  const g = game();
  const n = $('new-players').querySelectorAll('input').length;
  $('add-player').disabled = !g || n >= g.players[1];
  $('drop-player').disabled = !g || n <= g.players[0];
}

async function create(event) {
  event.preventDefault();
  $('new-error').textContent = '';
  const request = {
    game: $('new-game').value,
    players: [...$('new-players').querySelectorAll('input')].map((i) => i.value.trim() || '?'),
    options: {},
    tags: {},
  };
  for (const input of $('new-options').querySelectorAll('input')) {
    if (input.value.trim()) request.options[input.dataset.option] = input.value.trim();
  }
  if ($('new-event').value.trim()) request.tags.Event = $('new-event').value.trim();
  for (const line of $('new-tags').value.split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) request.tags[line.slice(0, at).trim()] = line.slice(at + 1).trim();
    else if (line.trim()) {
      $('new-error').textContent = `'${line.trim()}' is not KEY=VALUE`;
      return;
    }
  }
  if ($('new-chance').value === 'random_seed') request.random_seed = true;
  const answer = await api('/v1/records', { method: 'POST', body: request });
  if (!answer.ok) {
    $('new-error').textContent = answer.body.error || `the server answered ${answer.status}`;
    return;
  }
  showCreated(answer.body, request.players);
  list(true);
}

/** The tokens, shown this once: a recorder link for each, and the viewer's link. */
function showCreated(made, players) {
  const base = `${location.origin}/r/${made.id}`;
  const rows = Object.entries(made.tokens)
    .sort(([a], [b]) => (a === 'arbiter' ? -1 : b === 'arbiter' ? 1 : a.localeCompare(b)))
    .map(([who, token]) => {
      const seat = /^p(\d+)$/.exec(who);
      const label = seat ? `${who} (${players[Number(seat[1]) - 1]})` : 'arbiter (every entry, corrections)';
      const link = `${base}#token=${token}`;
      return el('li', { 'data-who': who },
        el('strong', { text: label }), ' ',
        el('a', { href: link, class: 'token-link', target: '_blank', rel: 'noopener noreferrer', text: 'recorder link' }), ' ',
        copyButton(link));
    });
  const box = $('created');
  box.replaceChildren(
    el('h3', {}, 'Record ', el('a', { href: `/r/${made.id}`, id: 'created-viewer', text: made.id.slice(0, 12) }), ' started'),
    el('p', { class: 'warn', text: 'These links hold the tokens. They are shown this once: the server keeps only their hashes. '
      + 'Open one on the phone of whoever records that seat; anyone with a link may record for it.' }),
    el('ul', { class: 'tokens' }, rows),
    el('p', {}, 'To follow it (no token): ', el('a', { href: base, text: base }), ' ', copyButton(base)),
  );
  box.hidden = false;
  box.scrollIntoView({ block: 'nearest' });
}

function copyButton(text) {
  return el('button', {
    type: 'button',
    class: 'small',
    text: 'copy',
    onclick: async (event) => {
      try {
        await navigator.clipboard.writeText(text);
        event.target.textContent = 'copied';
      } catch (_) {
        window.prompt('Copy this link', text);
      }
    },
  });
}

async function list(fresh) {
  if (fresh) after = null;
  const query = new URLSearchParams({ limit: '20' });
  for (const [key, id] of [['game', 'filter-game'], ['player', 'filter-player'], ['tag', 'filter-tag']]) {
    const value = $(id).value.trim();
    if (value) query.set(key, value);
  }
  if (after) query.set('after', after);
  const answer = await api(`/v1/records?${query}`);
  $('list-error').textContent = answer.ok ? '' : answer.body.error || `the server answered ${answer.status}`;
  if (!answer.ok) return;
  const items = answer.body.records.map((r) => el('li', {},
    el('a', { href: `/r/${r.id}`, class: 'record-link' },
      el('span', { class: 'game', text: r.game }), ' ',
      el('span', { text: r.players.join(' – ') })),
    el('span', { class: 'muted', text: ` ${r.entries} entries · ${turnText(r.turn, r.players)}` })));
  if (fresh) $('list').replaceChildren(...items);
  else $('list').append(...items);
  if (fresh && items.length === 0) $('list').append(el('li', { class: 'muted', text: 'no records' }));
  after = answer.body.next || null;
  $('more').hidden = !after;
}

$('new-game').addEventListener('change', chooseGame);
$('add-player').addEventListener('click', () => { addPlayer(''); updatePlayerButtons(); });
$('drop-player').addEventListener('click', () => {
  const labels = $('new-players').querySelectorAll('label');
  labels[labels.length - 1]?.remove();
  updatePlayerButtons();
});
$('new-form').addEventListener('submit', create);
$('filter').addEventListener('submit', (event) => { event.preventDefault(); list(true); });
$('more').addEventListener('click', () => list(false));
loadGames();
list(true);
