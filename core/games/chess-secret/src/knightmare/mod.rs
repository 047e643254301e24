//! Knightmare Chess (Steve Jackson Games, 1996; from Cléquin and Faidutti's Tempête sur
//! l'échiquier): chess where either player may play a card in each turn. The cards' texts are
//! not reproduced: a play is recorded as the card's name and its declared effect, and the
//! board checks every step it can. It must never let a step through the board contradicts.

mod card;
mod effect;
mod moves;
mod state;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_naive;
#[cfg(test)]
mod tests_random;

use kifu_chess::san::{move_to_san_among, parse_move_among};
use kifu_chess::{Move, Position};
use kifu_core::chance::ChanceRng;
use kifu_core::record::Actor;
use kifu_core::refuse;
use kifu_core::rules::{Outcome, RuleError, Rules, Setup, Turn, View};

pub use effect::{card_name, CardPlay, Effect, Placed};
pub use moves::{pattern_allows, regular_moves};
pub use state::{pools_text, State, STANDARD_FEN};

use state::{color_of, side, BeforeMove};

#[derive(Debug, Clone, Copy)]
pub struct Knightmare;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// The mover's regular move, in SAN.
    Move(Move),
    /// `card NAME: EFFECT, ...`: a card played, by either player.
    Card(CardPlay),
    /// `under NAME: Nb1-c3`: the mover's regular move, one chess forbids but the continuing
    /// card NAME in play allows.
    Under {
        card: String,
        step: Effect,
    },
    /// `no-card`: the mover, left without a regular move, plays no card to escape; the game
    /// ends as checkmate or stalemate.
    NoCard,
    Resign,
}

impl Knightmare {
    /// The end of the turn's checks, after `seat`'s entry: the king rules of the published
    /// game and its rulings.
    /// `opponent_mated_before`: the card player's opponent was already mated before it.
    fn check_kings(state: &State, seat: u8, command: &Command, opponent_mated_before: bool) -> Result<(), String> {
        let pos = state.position();
        let mover = color_of(state.mover);
        if state.moved(&pos) && pos.in_check(mover) {
            return Err(format!(
                "{}'s king would stand in check at the end of its turn",
                side(mover)
            ));
        }
        let Command::Card(play) = command else {
            return Ok(());
        };
        let player = color_of(seat);
        if seat != state.mover && pos.in_check(player) {
            return Err(format!("the card leaves {}'s own king in check", side(player)));
        }
        let regular = !play.is_lasting() && !play.effects.contains(&Effect::Void);
        if regular && !opponent_mated_before && mated(&pos, player.other()) {
            return Err(format!(
                "a card may not give checkmate directly ({} would have no move out of check); a card played without effect is entered as 'void'",
                side(player.other())
            ));
        }
        Ok(())
    }

    /// The seat whose regular move is next: the mover's until made, then the other side's.
    fn moving(state: &State, pos: &Position) -> u8 {
        if state.moved(pos) {
            1 - state.mover
        } else {
            state.mover
        }
    }

    fn options(state: &State) -> Vec<Command> {
        let pos = state.position();
        let mut all: Vec<Command> = regular_moves(&pos).into_iter().map(Command::Move).collect();
        if all.is_empty() {
            all.push(Command::NoCard);
        }
        all
    }
}

/// Whether `color`, were it to move now, would be in check with no regular move.
fn mated(pos: &Position, color: kifu_chess::piece::Color) -> bool {
    if !pos.in_check(color) {
        return false;
    }
    let mut turned = pos.clone();
    turned.turn = color;
    turned.ep = None;
    regular_moves(&turned).is_empty()
}

fn seat_of(actor: Actor) -> Result<u8, RuleError> {
    crate::player_seat(actor).ok_or_else(|| RuleError::new("only the players act in Knightmare Chess"))
}

impl Rules for Knightmare {
    type State = State;
    type Command = Command;

    fn name(&self) -> &'static str {
        "knightmare"
    }
    fn version(&self) -> u32 {
        1
    }
    fn describe(&self) -> &'static str {
        "Knightmare Chess (Steve Jackson Games): chess with card plays, each recorded as the card's name and its declared effect"
    }
    fn players(&self) -> std::ops::RangeInclusive<usize> {
        2..=2
    }

    fn setup(&self, setup: &Setup) -> Result<State, RuleError> {
        setup.only_options(&[])?;
        State::from_text(setup.start.unwrap_or(STANDARD_FEN))
            .map_err(|e| RuleError::new(format!("start position: {}", e.reason)))
    }

    fn turn(&self, state: &State) -> Turn {
        if let Some(outcome) = &state.result {
            return Turn::over(outcome.clone());
        }
        match state.acting(&state.position()).as_slice() {
            [seat] => Turn::seat(*seat),
            seats => Turn::Simultaneous { seats: seats.to_vec() },
        }
    }

    fn parse(&self, state: &State, actor: Actor, text: &str) -> Result<Command, RuleError> {
        let seat = seat_of(actor)?;
        let text = text.trim();
        let pos = state.position();
        if let Some(rest) = text.strip_prefix("card ") {
            return CardPlay::read(pos.geo, rest).map(Command::Card).map_err(RuleError::new);
        }
        if let Some(rest) = text.strip_prefix("under ") {
            let (card, step) = rest
                .split_once(':')
                .ok_or_else(|| RuleError::new("a move under a continuing card is 'under NAME: Nb1-c3'"))?;
            let step = Effect::read(pos.geo, step).map_err(RuleError::new)?;
            if !matches!(step, Effect::Move { .. }) {
                refuse!("under a continuing card the regular move is one move, as Nb1-c3");
            }
            return Ok(Command::Under {
                card: card_name(card).map_err(RuleError::new)?,
                step,
            });
        }
        if text == "resign" {
            return Ok(Command::Resign);
        }
        if seat != Self::moving(state, &pos) {
            let mover = color_of(state.mover);
            if seat == state.mover {
                refuse!("'{text}': {} has made its regular move of this turn", side(mover));
            }
            refuse!(
                "'{text}': it is {}'s turn: {} may only play a card now",
                side(mover),
                side(mover.other())
            );
        }
        if text == "no-card" {
            return Ok(Command::NoCard);
        }
        parse_move_among(&pos, &regular_moves(&pos), text)
            .map(Command::Move)
            .map_err(|why| {
                RuleError::new(format!(
                    "{why} (a card is entered as 'card NAME: EFFECT, ...', see seeds/chess/knightmare.md)"
                ))
            })
    }

    fn format(&self, state: &State, command: &Command) -> String {
        let pos = state.position();
        match command {
            Command::Move(m) => {
                let legal = regular_moves(&pos);
                let mut after = pos.clone();
                after.play(m);
                move_to_san_among(&pos, &legal, m, &after, &regular_moves(&after))
            }
            Command::Card(play) => format!("card {}", play.text(pos.geo)),
            Command::Under { card, step } => format!("under {card}: {}", step.text(pos.geo)),
            Command::NoCard => "no-card".into(),
            Command::Resign => "resign".into(),
        }
    }

    fn apply(&self, state: &mut State, actor: Actor, command: &Command) -> Result<(), RuleError> {
        let seat = seat_of(actor)?;
        if state.result.is_some() {
            refuse!("the game is over");
        }
        if let Command::Resign = command {
            let color = color_of(seat);
            state.result = Some(Outcome::win(1 - seat, format!("{} resigned", side(color))));
            return Ok(());
        }
        let pos = state.position();
        let opponent_mated_before = matches!(command, Command::Card(_)) && mated(&pos, color_of(seat).other());
        // Once the mover's regular move is made, an entry belongs to the next turn when it
        // can belong to no other: the other side's move, a card whose player has spent its
        // card of this turn, a card standing for a regular move (only the next one is left).
        let opens_turn = match command {
            Command::Card(play) => state.played[seat as usize] || play.effects.contains(&Effect::Instead),
            Command::Resign => false,
            _ => seat != state.mover,
        };
        if state.moved(&pos) && opens_turn {
            state.begin_turn(1 - state.mover);
        }
        let color = color_of(seat);
        let mover = color_of(state.mover);
        let own_move = |what: &str| -> Result<(), RuleError> {
            if seat != state.mover {
                refuse!("it is {}'s turn: {} may only play a card now", side(mover), side(color));
            }
            if state.moved(&pos) {
                refuse!("{} has made its regular move of this turn ({what})", side(color));
            }
            Ok(())
        };
        match command {
            Command::Resign => {}
            Command::Move(m) => {
                own_move("one a turn")?;
                if !regular_moves(&pos).contains(m) {
                    refuse!("that move is not a regular move here");
                }
                let mut next = pos.clone();
                state.before_move = Some(BeforeMove {
                    fen: state.fen.clone(),
                    captured: state.captured,
                });
                if pos.is_capture(m) {
                    let role = match pos.piece_at(m.to) {
                        Some(taken) if m.kind != kifu_chess::MoveKind::EnPassant => taken.role,
                        _ => kifu_chess::piece::Role::Pawn,
                    };
                    state.lose(kifu_chess::piece::Piece::new(color.other(), role));
                }
                next.play(m);
                state.fen = kifu_chess::fen::to_fen(&next);
            }
            Command::Under { card, step } => {
                own_move("one a turn")?;
                if !state.in_play.iter().any(|c| c.name == *card) {
                    refuse!("no continuing card '{card}' is in play");
                }
                if let Effect::Move { from, .. } = step {
                    if from.piece.color != color {
                        refuse!("the regular move is made with one of {}'s own pieces", side(color));
                    }
                }
                let before = BeforeMove {
                    fen: state.fen.clone(),
                    captured: state.captured,
                };
                let as_card = CardPlay {
                    name: card.clone(),
                    effects: vec![step.clone(), Effect::Instead],
                };
                card::play(state, seat, &as_card).map_err(RuleError::new)?;
                state.before_move = Some(before);
            }
            Command::NoCard => {
                own_move("'no-card' is for a side left without one")?;
                if !regular_moves(&pos).is_empty() {
                    refuse!(
                        "{} has regular moves: 'no-card' is only for a side left without one",
                        side(color)
                    );
                }
                state.result = Some(if pos.in_check(color) {
                    Outcome::win(1 - seat, "checkmate")
                } else {
                    Outcome::draw("stalemate")
                });
                return Ok(());
            }
            Command::Card(play) => {
                if state.played[seat as usize] {
                    refuse!(
                        "{} has played its card in this turn (one card a player a turn)",
                        side(color)
                    );
                }
                card::play(state, seat, play).map_err(RuleError::new)?;
                state.played[seat as usize] = true;
            }
        }
        Self::check_kings(state, seat, command, opponent_mated_before).map_err(RuleError::new)?;
        if state.position().halfmove >= 150 {
            state.result = Some(Outcome::draw(
                "seventy-five moves without a capture, a pawn move or a card",
            ));
        }
        Ok(())
    }

    fn legal(&self, state: &State) -> Option<Vec<Command>> {
        if state.result.is_some() {
            return Some(Vec::new());
        }
        Some(Self::options(state))
    }

    fn legal_for(&self, state: &State, actor: Actor) -> Option<Vec<Command>> {
        if state.result.is_some() {
            return Some(Vec::new());
        }
        // Card plays cannot be listed (their names are free); the regular move is the mover's
        // before it is made, the other side's (opening its turn) after.
        let moving = Self::moving(state, &state.position());
        Some(if actor == Actor::Seat(moving) {
            Self::options(state)
        } else {
            Vec::new()
        })
    }

    fn sample_chance(&self, _state: &State, _rng: &mut ChanceRng) -> Command {
        // Knightmare Chess records no chance; the kernel never asks (the turn is never `Chance`).
        Command::Resign
    }

    fn render(&self, state: &State, _view: View) -> String {
        let pos = state.position();
        let mut out = kifu_chess::render::render_position(&pos);
        out.push_str(&format!("\n{}\n", state.text()));
        for line in notes(state, &pos) {
            out.push_str(&line);
            out.push('\n');
        }
        match &state.result {
            Some(outcome) => out.push_str(&format!("{outcome}\n")),
            None => out.push_str(&format!("{}\n", self.turn(state))),
        }
        out
    }

    fn svg(&self, state: &State, _view: View) -> Option<String> {
        Some(kifu_chess::svg::svg(&state.position()))
    }

    fn state_json(&self, state: &State, _view: View) -> serde_json::Value {
        let pos = state.position();
        let in_play: Vec<serde_json::Value> = state
            .in_play
            .iter()
            .map(|c| serde_json::json!({"card": c.name, "by": color_of(c.seat).name()}))
            .collect();
        serde_json::json!({
            "position": state.text(),
            "fen": state.fen,
            "turn_of": color_of(state.mover).name(),
            "regular_move_made": state.moved(&pos),
            "card_played": {"white": state.played[0], "black": state.played[1]},
            "captured": pools_text(&state.captured),
            "in_play": in_play,
            "notes": notes(state, &pos),
        })
    }
}

/// The turn's progress, the cards in play and the captured pieces, in words.
fn notes(state: &State, pos: &Position) -> Vec<String> {
    let mover = color_of(state.mover);
    let mut lines = vec![format!(
        "{}'s turn: regular move {}; card played this turn: White {}, Black {}",
        side(mover),
        if state.moved(pos) { "made" } else { "to come" },
        if state.played[0] { "yes" } else { "no" },
        if state.played[1] { "yes" } else { "no" },
    )];
    for c in &state.in_play {
        lines.push(format!(
            "in play: {} ({}'s, continuing)",
            c.name,
            side(color_of(c.seat))
        ));
    }
    lines.push(format!("captured, may be returned: {}", pools_text(&state.captured)));
    lines
}
