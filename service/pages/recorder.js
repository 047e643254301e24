// The recorder, under the board when the page has a token: what this token may enter now
// (GET .../legal) as buttons and board taps, each entry posted with the head it was chosen
// against (expect_head), the rules' refusal in words (422), someone else's entry first (409:
// shown, and the page catches up), and for the arbiter's token typed entries and corrections
// (`arbiter:correct SEQ REASON`).

import { api, el } from './api.js';

/** At most this many choices are shown as buttons at once; more go in a list to open. */
const MANY = 30;

export class Recorder {
  constructor(host) {
    this.host = host;
    this.panel = host.panel;
    this.active = false;
    this.legal = null;
    this.busy = false;
    this.message = null;
    this.choices = null;
    this.draft = '';
  }

  enable() {
    this.active = true;
    this.panel.hidden = false;
  }

  disable() {
    this.active = false;
    this.legal = null;
    this.panel.hidden = true;
    this.panel.replaceChildren();
  }

  /** Draws the panel for the position shown (`atHead`: the latest entry). */
  async show(position, atHead, seq) {
    if (!this.active) return;
    // Only the latest call draws: an older one may still be waiting for the server.
    const ticket = (this.ticket = (this.ticket || 0) + 1);
    this.position = position;
    this.atHead = atHead;
    this.seq = seq;
    if (atHead) {
      const answer = await api(`/v1/records/${this.host.id}/legal`, { token: this.host.token() });
      if (ticket !== this.ticket) return;
      if (!answer.ok) {
        this.legal = null;
        this.say('error', answer.body.error || `the server answered ${answer.status}`);
      } else {
        this.legal = answer.body;
        // The record moved on since the page read it: catch up first.
        if (this.legal.seq !== position.seq) {
          this.host.refresh();
          return;
        }
      }
    }
    this.draw();
  }

  say(kind, text) {
    this.message = text ? { kind, text } : null;
  }

  draw() {
    const role = this.position?.view;
    const parts = [
      el('h2', {}, 'Recorder ', el('span', { class: 'muted', text: role === 'arbiter' ? 'as the arbiter' : `for ${this.host.label(role)}` })),
    ];
    if (this.message) {
      parts.push(el('p', { class: `message ${this.message.kind}`, role: 'status', id: 'recorder-message', text: this.message.text }));
    }
    if (!this.atHead) {
      parts.push(el('p', { class: 'muted' }, `You are looking at entry ${this.seq}. `,
        el('button', { type: 'button', onclick: () => this.host.goTo(Infinity), text: 'Back to the latest to record' })));
    } else if (this.legal) {
      parts.push(...this.choiceParts());
    }
    if (role === 'arbiter') parts.push(this.typed(), this.correction());
    else parts.push(el('p', { class: 'muted small', text: 'A correction needs the arbiter\'s token.' }));
    parts.push(el('p', { class: 'small' }, el('button', {
      type: 'button', class: 'small', onclick: () => this.host.forget(), text: 'Forget this token on this device',
    })));
    this.panel.replaceChildren(...parts);
  }

  choiceParts() {
    const parts = [];
    const moves = this.legal.moves;
    if (this.choices) {
      parts.push(el('div', { class: 'choices', id: 'choices' }, el('span', { text: 'Which? ' }),
        this.choices.map((m) => this.button(m)),
        el('button', { type: 'button', onclick: () => { this.choices = null; this.draw(); }, text: 'cancel' })));
    }
    if (this.position.turn.kind === 'over') {
      parts.push(el('p', { class: 'muted', text: 'The game is over.' }));
    } else if (!this.legal.listed) {
      parts.push(el('p', { class: 'muted', text: 'This game cannot list its moves here: type the entry.' }), this.typed());
    } else if (moves.length === 0) {
      parts.push(el('p', { class: 'muted', text: 'Nothing for this token to enter now: waiting for the others.' }));
    } else if (moves.length <= MANY) {
      parts.push(el('div', { class: 'choices', id: 'legal' }, moves.map((m) => this.button(m))));
    } else {
      // Words (resign, pass, a draw offer) stay in sight; every choice is in the list.
      const words = moves.filter((m) => /^[a-z]+( [a-z]+)*$/i.test(m.command));
      parts.push(el('p', { class: 'muted', text: 'Tap the board, or open the list.' }));
      if (words.length) parts.push(el('div', { class: 'choices' }, words.map((m) => this.button(m))));
      parts.push(el('details', { class: 'all' }, el('summary', { text: `all ${moves.length} choices` }),
        el('div', { class: 'choices', id: 'legal' }, moves.map((m) => this.button(m)))));
    }
    return parts;
  }

  /** A legal entry's button, named with its actor when the token may enter for several. */
  button(move) {
    const actors = new Set(this.legal.moves.map((m) => m.actor));
    const text = actors.size > 1 || this.position.view === 'arbiter' ? `${this.host.label(move.actor)}: ${move.command}` : move.command;
    return el('button', {
      type: 'button',
      class: 'choice',
      'data-command': move.command,
      'data-actor': move.actor,
      disabled: this.busy,
      onclick: () => this.enter([`${move.actor}:${move.command}`]),
      text,
    });
  }

  /** A command typed in full (`p2:e5`, `chance:3`, `note:...`): the rules still decide. */
  typed() {
    const input = el('input', { id: 'typed-command', value: this.draft, placeholder: 'chance:3 · note:clock stopped · p1:resign', autocapitalize: 'off' });
    return el('form', {
      class: 'row typed',
      onsubmit: (event) => {
        event.preventDefault();
        this.draft = input.value;
        if (input.value.trim()) this.enter([input.value.trim()]);
      },
    }, el('label', {}, 'Type an entry ', input), el('button', { type: 'submit', disabled: this.busy, text: 'Enter' }));
  }

  correction() {
    const head = this.host.view.log?.seq ?? 0;
    const keep = el('input', { id: 'correct-seq', type: 'number', min: 0, max: Math.max(0, head - 1), value: this.atHead ? Math.max(0, head - 1) : this.seq });
    const reason = el('input', { id: 'correct-reason', placeholder: 'why (said aloud at the table)', required: true });
    return el('details', { class: 'correct', open: !this.atHead },
      el('summary', { text: 'Correct a mistake' }),
      el('form', {
        onsubmit: (event) => {
          event.preventDefault();
          const why = reason.value.trim().replace(/\s+/g, ' ');
          if (!why) return;
          this.enter([`arbiter:correct ${keep.value} ${why}`], () => this.host.goTo(Infinity));
        },
      },
      el('label', {}, 'Keep the entries up to ', keep),
      el('label', {}, 'because ', reason),
      el('button', { type: 'submit', disabled: this.busy, text: 'Withdraw the later entries' })));
  }

  /** A tap on the board: select a piece, or enter what the tap means (asking when several). */
  tap(board, name) {
    if (!this.legal || this.busy) return;
    const picked = board.pick(this.position.state, this.legal.moves, name, this.host.view.selected);
    if (picked.selected) {
      this.host.view.selected = picked.selected;
      this.host.view.targets = picked.targets;
      this.host.repaint();
      return;
    }
    this.host.view.selected = null;
    this.host.view.targets = null;
    this.host.repaint();
    const commands = picked.commands || [];
    if (commands.length === 1) {
      this.enter([`${commands[0].actor}:${commands[0].command}`]);
    } else if (commands.length > 1) {
      this.choices = commands;
      this.draw();
    }
  }

  /** Posts the commands against the head they were chosen at; says what came of it. */
  async enter(commands, then) {
    if (this.busy) return;
    this.busy = true;
    this.choices = null;
    this.draw();
    const expect = this.legal?.head || this.position?.head;
    const answer = await api(`/v1/records/${this.host.id}/entries`, {
      method: 'POST',
      token: this.host.token(),
      body: { commands, expect_head: expect },
    });
    this.busy = false;
    const body = answer.body || {};
    const shown = commands.map((c) => c.replace(/^(p\d+|chance|arbiter|note):/, (_, a) => `${this.host.label(a)}: `)).join(', ');
    switch (answer.status) {
      case 201:
        this.draft = '';
        this.say('ok', `Entered ${shown} (entry ${body.seq}).`);
        if (then) then();
        break;
      case 409:
        this.say('conflict', `Someone else recorded first: the record is at entry ${body.seq} now. The page has caught up: look at the position, and enter again if it is still due.`);
        break;
      case 422:
        this.say('refused', `The rules refuse ${shown}${body.at ? ` (entry ${body.at})` : ''}: ${body.error}`);
        break;
      case 403:
        this.say('refused', `Not this token's to enter: ${body.error}`);
        break;
      case 401:
        this.say('error', `This token may not record here: ${body.error}`);
        break;
      default:
        this.say('error', body.error || `the server answered ${answer.status}`);
    }
    await this.host.refresh();
  }
}
