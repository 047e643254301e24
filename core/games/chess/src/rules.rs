//! The `Rules` face of every chess variant: the game state (FEN, repetition history, draw
//! offer, result), commands (moves in SAN, resign, draw offer/accept/decline, draw claim, the
//! arbiter's `illegal MOVE`) and automatic game ends. It holds no chess logic of its own beyond
//! when a game is over and who may enter what: a player never enters an illegal move.
//! Three rules versions share this code and differ only in how repetitions are kept and what
//! the state hash covers (see `repetition`): version 3 for new records, versions 1 and 2 for
//! the records made under them.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::bitboard::probe::{has_legal_move, Sets};
use super::bitboard::{check_mark, Board};
use super::command_text::read;
use super::derived::{is_legal, is_legal_here, legal_listed, legal_of, successor, Derived, Kept, Parsed, Successor};
use super::fairy::horizontal_cylinder::{state_board, state_fen};
use super::fen::{parse_state_fen, shown_ep};
use super::illegal::{self, IllegalMove};
use super::outcome::{position_result, position_result_moving, result_after_illegal};
use super::position::{Move, Position};
use super::render::render_position;
use super::repetition::{RepetitionKeys, Repetitions, RulesVersion};
use super::san::{move_to_san_among, move_to_san_marked};
use super::start::start_position;
use super::variant::Variant;
use super::versions::at_version;
pub use super::versions::{ChessRulesV1, ChessRulesV2};
use kifu_core::chance::ChanceRng;
use kifu_core::game::Game;
use kifu_core::record::Actor;
use kifu_core::refuse;
use kifu_core::rules::{Outcome, RuleError, Rules, Setup, Turn, View};

/// One chess variant as a registered game: rules version 3, what new records are made with.
#[derive(Debug, Clone)]
pub struct ChessRules {
    pub variant: Variant,
}

/// A game in progress. `H` is the rules version's part (see [`RulesVersion`]): its
/// repetitions are [`RepetitionKeys`] for version 3, [`Repetitions`] for version 2, each
/// position's EPD (`Vec<String>`) for version 1.
#[derive(Debug, Clone, Deserialize)]
#[serde(bound = "H: RulesVersion")]
pub struct ChessState<H = RepetitionKeys> {
    /// The current position (followed by the board's name when an option chose another board
    /// than the game's own: see `fairy::horizontal_cylinder::state_fen`). Version 3 leaves it
    /// empty after a move and writes it when asked ([`ChessState::fen`]); read it through that.
    fen: String,
    /// The positions since the last irreversible move, current last.
    pub history: H,
    /// The seat whose draw offer is on the table.
    pub draw_offer: Option<u8>,
    /// How the game ended, once it has.
    pub result: Option<Outcome>,
    /// What the FEN implies, worked out once and kept. Derived: never serialized, so it
    /// changes neither snapshots nor state hashes.
    #[serde(skip)]
    pub derived: Derived,
}

impl<H> ChessState<H> {
    /// The current position's FEN as the state keeps it (with the board's name when an option
    /// chose another board), written now if the rules version left it unwritten.
    pub fn fen(&self) -> std::borrow::Cow<'_, str> {
        match (self.derived.unwritten_fen, self.derived.position.get()) {
            (Some((game, ep)), Some(pos)) if self.fen.is_empty() => std::borrow::Cow::Owned(state_fen(game, pos, ep)),
            _ => std::borrow::Cow::Borrowed(&self.fen),
        }
    }
}

/// Written as the derive would write it, with the FEN written if it was not.
impl<H: RulesVersion> Serialize for ChessState<H> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut out = serializer.serialize_struct("ChessState", 4)?;
        out.serialize_field("fen", &*self.fen())?;
        out.serialize_field("history", &self.history)?;
        out.serialize_field("draw_offer", &self.draw_offer)?;
        out.serialize_field("result", &self.result)?;
        out.end()
    }
}

/// Equal when their stored forms are: a FEN left unwritten equals the one written.
impl<H: RulesVersion> PartialEq for ChessState<H> {
    fn eq(&self, other: &ChessState<H>) -> bool {
        self.history == other.history
            && self.draw_offer == other.draw_offer
            && self.result == other.result
            && self.fen() == other.fen()
    }
}

impl<H: RulesVersion> Eq for ChessState<H> {}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Move(Move),
    Resign,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    ClaimDraw,
    /// The arbiter's record of a move that stood although it was illegal.
    Illegal(IllegalMove),
}

/// The state's position, read from its FEN once and kept.
pub(crate) fn position<H>(variant: Variant, state: &ChessState<H>) -> Result<&Position, RuleError> {
    if let Some(pos) = state.derived.position.get() {
        return Ok(pos);
    }
    let (variant, fen) = state_board(variant, &state.fen);
    let pos =
        parse_state_fen(variant, fen).map_err(|e| RuleError::new(format!("the stored position is unreadable: {e}")))?;
    Ok(state.derived.position.get_or_init(|| Box::new(pos)))
}

/// Why a draw can be claimed now, if it can.
fn claim_reason<H: RulesVersion>(variant: Variant, state: &ChessState<H>, pos: &Position) -> Option<&'static str> {
    if state.history.occurrences() >= 3 {
        Some("threefold repetition, claimed")
    } else if pos.halfmove >= 100 && !variant.drops() {
        Some("fifty moves without a capture or a pawn move, claimed")
    } else {
        None
    }
}

/// Castling rights, as `Position::castles` keeps them.
type Castles = [[Option<u8>; 2]; 2];

/// What a move made: the position an illegal move that stood left, or a legal move's successor.
enum Made {
    Illegal(Box<Position>),
    Legal(Successor),
}

/// Records the new position and any automatic end (after an illegal move, only the ends
/// that do not ask for a legal move: see `result_after_illegal`). `castles` are the castling
/// rights before the move.
fn settle<H: RulesVersion>(variant: Variant, state: &mut ChessState<H>, castles: Castles, made: Made) {
    let (after, legal, board, can_move, ep) = match made {
        Made::Illegal(after) => {
            let ep = shown_ep(&after, None);
            (after, Kept::default(), None, None, ep)
        }
        Made::Legal(next) => {
            let (can_move, ep) = next.moving_and_ep();
            (next.after, next.legal, next.board, Some(can_move), ep)
        }
    };
    let irreversible = after.castles != castles || (after.halfmove == 0 && !variant.drops());
    state.history.record(&after, ep, irreversible);
    let unwritten_fen = if H::WRITES_FEN {
        state.fen = state_fen(variant, &after, ep);
        None
    } else {
        state.fen.clear();
        Some((variant, ep))
    };
    state.result = match can_move {
        Some(can_move) => position_result_moving(&after, can_move),
        None => result_after_illegal(&after),
    };
    if state.result.is_none() && state.history.occurrences() >= 5 {
        state.result = Some(Outcome::draw("fivefold repetition"));
    }
    let spare_legal = state.derived.legal.take();
    state.derived = Derived {
        spare_legal,
        position: Kept::given(after),
        legal,
        board,
        listed: OnceLock::new(),
        next: OnceLock::new(),
        unwritten_fen,
        parsed: None,
    };
}

/// Whether `m` would take a king that is royal in the variant: possible only when an illegal
/// move that stood left that king in check, and never a move (FIDE 7.5 counts it illegal).
fn takes_royal_king(pos: &Position, m: &Move) -> bool {
    pos.variant.safety() != super::variant::Safety::None
        && pos.is_capture(m)
        && pos.piece_at(m.to).is_some_and(|p| p.role == super::piece::Role::King)
}

fn seat_of(actor: Actor) -> Option<u8> {
    match actor {
        Actor::Seat(s) => Some(s),
        _ => None,
    }
}

/// Checks and makes a command on the state, whose position `pos` is (taken out of the state
/// meanwhile), but for a legal move, which it only checks and hands back for [`make_move`].
fn apply_to<H: RulesVersion>(
    variant: Variant,
    state: &mut ChessState<H>,
    pos: &Position,
    actor: Actor,
    command: &Command,
) -> Result<Option<Move>, RuleError> {
    let mover = pos.turn.index() as u8;
    if let Command::Illegal(m) = command {
        if actor != Actor::Arbiter {
            refuse!(
                "only the arbiter records an illegal move that stood ('arbiter:{}'); a player's move must be legal",
                illegal::canonical(pos, m)
            );
        }
        let after = illegal::make(pos, m).map_err(RuleError::new)?;
        if state.draw_offer.is_some_and(|s| s != mover) {
            state.draw_offer = None;
        }
        settle(variant, state, pos.castles, Made::Illegal(Box::new(after)));
        return Ok(None);
    }
    let Some(seat) = seat_of(actor) else {
        refuse!("only the players act in chess; {actor} cannot");
    };
    if seat != mover {
        refuse!("it is {}'s move", pos.turn.name());
    }
    let opponent_offer = state.draw_offer.filter(|&s| s != seat);
    match command {
        Command::Move(m) => {
            if !is_legal_here(state, pos, m) {
                refuse!("that move is not legal here");
            }
            if takes_royal_king(pos, m) {
                refuse!(
                    "a king is never taken: the {} king stands in check only because an illegal move stood; the arbiter may withdraw that move ('correct SEQ REASON')",
                    pos.turn.other().name()
                );
            }
            if opponent_offer.is_some() {
                state.draw_offer = None;
            }
            return Ok(Some(*m));
        }
        Command::Resign => {
            let winner = pos.turn.other();
            state.result = Some(Outcome::win(winner.index() as u8, format!("{} resigned", pos.turn.name())));
        }
        Command::OfferDraw => {
            if state.draw_offer.is_some() {
                refuse!("a draw offer is already on the table");
            }
            state.draw_offer = Some(seat);
        }
        Command::AcceptDraw => {
            if opponent_offer.is_none() {
                refuse!("there is no draw offer to accept");
            }
            state.result = Some(Outcome::draw("agreed"));
        }
        Command::DeclineDraw => {
            if opponent_offer.is_none() {
                refuse!("there is no draw offer to decline");
            }
            state.draw_offer = None;
        }
        // Made above, before the seat is asked for.
        Command::Illegal(_) => refuse!("only the arbiter records an illegal move"),
        Command::ClaimDraw => match claim_reason(variant, state, pos) {
            Some(reason) => state.result = Some(Outcome::draw(reason)),
            None => refuse!(
                "no draw to claim: this position has occurred {} time(s) and the fifty-move count is {} of 100 half-moves",
                state.history.occurrences(),
                pos.halfmove
            ),
        },
    }
    Ok(None)
}

/// Makes `m`, a legal move `apply_to` checked, on `pos`, the state's position taken out of it
/// (played on in place, not copied, unless `format` made the successor already), and settles
/// the state.
fn make_move<H: RulesVersion>(variant: Variant, state: &mut ChessState<H>, pos: Box<Position>, m: &Move) {
    let castles = pos.castles;
    let next = match state.derived.next.take() {
        Some(kept) if kept.m == *m => kept,
        _ => {
            // The sets after the move: made when its text was read, or now.
            let sets = match state.derived.parsed.take() {
                Some(Parsed {
                    m: read,
                    after: Some((sets, _)),
                    ..
                }) if read == *m => Some(sets),
                _ => state.derived.board.as_ref().map(|before| {
                    let mut board = before.board().clone();
                    board.play(m);
                    Sets::of(board)
                }),
            };
            Successor::made(pos, m, state.derived.spare_legal.take(), sets)
        }
    };
    settle(variant, state, castles, Made::Legal(next));
}

/// The `Rules` of one rules version: `$rules` keeps repetitions as `$log`.
macro_rules! chess_rules {
    ($rules:ident, $log:ty, $version:literal) => {
        impl Rules for $rules {
            type State = ChessState<$log>;
            type Command = Command;

            fn name(&self) -> &'static str {
                self.variant.name()
            }
            fn version(&self) -> u32 {
                $version
            }
            fn at_version(&self, version: u32) -> Option<&'static dyn Game> {
                at_version(self.variant, version)
            }
            /// Every refusal comes before the state is touched (`apply` checks, then changes).
            fn apply_keeps_state_on_refusal(&self) -> bool {
                true
            }
            /// What the rules version hashes (`RulesVersion::hashed_state`): version 1 the FEN and
            /// every EPD since the last irreversible move; version 2 the FEN and their running hash;
            /// version 3 the current position's key and move counters; each with the draw offer and
            /// the result.
            fn hashed_state(&self, state: &Self::State) -> Vec<u8> {
                <$log>::hashed_state(state, position(self.variant, state).ok())
            }
            fn with_hashed_state<T>(&self, state: &Self::State, hash: impl FnOnce(&[u8]) -> T) -> T {
                <$log>::with_hashed_state(state, position(self.variant, state).ok(), hash)
            }
            fn describe(&self) -> &'static str {
                self.variant.describe()
            }
            fn options(&self) -> Vec<String> {
                super::start::option_keys(self.variant)
                    .iter()
                    .map(|k| k.to_string())
                    .collect()
            }
            fn players(&self) -> std::ops::RangeInclusive<usize> {
                2..=2
            }

            fn setup(&self, setup: &Setup) -> Result<Self::State, RuleError> {
                let pos = start_position(self.variant, setup)?;
                let sets = Board::from_position(&pos).map(Sets::of);
                // On the fast path the game's end asks the sets, without listing the moves.
                let result = match &sets {
                    Some(sets) => position_result_moving(&pos, has_legal_move(sets)),
                    None => position_result(&pos),
                };
                Ok(ChessState {
                    fen: state_fen(self.variant, &pos, shown_ep(&pos, None)),
                    history: RulesVersion::start(&pos),
                    draw_offer: None,
                    result,
                    derived: Derived {
                        board: sets,
                        position: Kept::given(Box::new(pos)),
                        ..Derived::default()
                    },
                })
            }

            fn turn(&self, state: &Self::State) -> Turn {
                if let Some(o) = &state.result {
                    return Turn::over(o.clone());
                }
                let black = match position(self.variant, state) {
                    Ok(pos) => pos.turn == super::piece::Color::Black,
                    Err(_) => state.fen.split_whitespace().nth(1) == Some("b"),
                };
                Turn::seat(u8::from(black))
            }

            fn parse(&self, state: &Self::State, actor: Actor, text: &str) -> Result<Command, RuleError> {
                read(self.variant, state, actor, text).map(|(command, _)| command)
            }

            /// As `parse`, keeping in the state's derived part the move the text named (with its SAN
            /// and, on the fast path, the sets after it and its check mark) for `format` and `apply`.
            fn parse_to_apply(&self, state: &mut Self::State, actor: Actor, text: &str) -> Result<Command, RuleError> {
                let (command, parsed) = read(self.variant, state, actor, text)?;
                if parsed.is_some() {
                    state.derived.parsed = parsed;
                }
                Ok(command)
            }

            fn format(&self, state: &Self::State, command: &Command) -> String {
                let mut text = String::new();
                self.format_into(state, command, &mut text);
                text
            }

            fn format_into(&self, state: &Self::State, command: &Command, out: &mut String) {
                match command {
                    Command::Move(m) => match position(self.variant, state) {
                        Ok(pos) => {
                            // On the fast path the check mark comes from the sets (worked out when the
                            // text was read, or now), and the successor is left for `apply` to make in
                            // the spare buffers.
                            let board = || match &state.derived.board {
                                Some(sets) => Some(sets.board().clone()),
                                None => Board::from_position(pos),
                            };
                            let parsed = state.derived.parsed.as_ref().filter(|p| p.m == *m);
                            let mark = match parsed.and_then(|p| p.after.as_ref()) {
                                Some((_, mark)) => Some(*mark),
                                None => {
                                    let legal_here = parsed.is_some() || is_legal(legal_of(state, pos), m);
                                    legal_here.then(board).flatten().and_then(|b| check_mark(&b, m))
                                }
                            };
                            if let Some(mark) = mark {
                                match parsed.and_then(Parsed::san) {
                                    Some(san) => {
                                        out.push_str(san);
                                        out.extend(mark);
                                    }
                                    None => out.push_str(&move_to_san_marked(pos, legal_of(state, pos), m, mark)),
                                }
                                return;
                            }
                            let next = successor(state, pos, m);
                            out.push_str(&move_to_san_among(
                                pos,
                                legal_of(state, pos),
                                m,
                                &next.after,
                                next.legal(),
                            ))
                        }
                        Err(_) => out.push('?'),
                    },
                    Command::Resign => out.push_str("resign"),
                    Command::OfferDraw => out.push_str("draw offer"),
                    Command::AcceptDraw => out.push_str("draw accept"),
                    Command::DeclineDraw => out.push_str("draw decline"),
                    Command::ClaimDraw => out.push_str("draw claim"),
                    Command::Illegal(m) => match position(self.variant, state) {
                        Ok(pos) => out.push_str(&illegal::canonical(&pos, m)),
                        Err(_) => out.push('?'),
                    },
                }
            }

            fn apply(&self, state: &mut Self::State, actor: Actor, command: &Command) -> Result<(), RuleError> {
                if let Some(o) = &state.result {
                    refuse!("the game is over ({o})");
                }
                position(self.variant, state)?;
                // Taken out of the state (not copied) while the command is checked and made; put back
                // unless the command made a new one.
                let Some(pos) = state.derived.position.take() else {
                    refuse!("the stored position is unreadable");
                };
                match apply_to(self.variant, state, &pos, actor, command) {
                    Ok(Some(m)) => {
                        make_move(self.variant, state, pos, &m);
                        Ok(())
                    }
                    checked => {
                        if state.derived.position.get().is_none() {
                            state.derived.position = Kept::given(pos);
                        }
                        checked.map(|_| ())
                    }
                }
            }

            fn legal(&self, state: &Self::State) -> Option<Vec<Command>> {
                if state.result.is_some() {
                    return Some(Vec::new());
                }
                let pos = position(self.variant, state).ok()?;
                let mut out: Vec<Command> = legal_listed(state, pos)
                    .iter()
                    .copied()
                    .filter(|m| !takes_royal_king(&pos, m))
                    .map(Command::Move)
                    .collect();
                out.push(Command::Resign);
                let seat = pos.turn.index() as u8;
                match state.draw_offer {
                    None => out.push(Command::OfferDraw),
                    Some(s) if s != seat => {
                        out.push(Command::AcceptDraw);
                        out.push(Command::DeclineDraw);
                    }
                    Some(_) => {}
                }
                if claim_reason(self.variant, state, pos).is_some() {
                    out.push(Command::ClaimDraw);
                }
                Some(out)
            }

            /// An illegal move that stood is marked wherever the record is shown.
            fn remark(&self, state: &Self::State, _actor: Actor, command: &Command) -> Option<String> {
                match command {
                    Command::Illegal(m) => position(self.variant, state)
                        .ok()
                        .map(|pos| illegal::remark(&pos, m)),
                    _ => None,
                }
            }

            /// Chess has no chance: `turn` is never `Chance`, so the kernel never calls this.
            fn sample_chance(&self, _state: &Self::State, _rng: &mut ChanceRng) -> Command {
                Command::Resign
            }

            /// The state as stored (FEN, repetition history, draw offer, result) and `board`, the
            /// position drawn out for a page (see `board_json`): derived, never hashed.
            fn state_json(&self, state: &Self::State, _view: View) -> serde_json::Value {
                let mut value = serde_json::to_value(state).unwrap_or(serde_json::Value::Null);
                if let Ok(pos) = position(self.variant, state) {
                    let moves: Vec<Move> = self
                        .legal(state)
                        .unwrap_or_default()
                        .into_iter()
                        .filter_map(|c| match c {
                            Command::Move(m) => Some(m),
                            _ => None,
                        })
                        .collect();
                    value["board"] = super::board_json::board_json(&pos, &moves);
                }
                value
            }

            fn svg(&self, state: &Self::State, _view: View) -> Option<String> {
                position(self.variant, state)
                    .ok()
                    .map(|pos| super::svg::svg(&pos))
            }

            fn render(&self, state: &Self::State, _view: View) -> String {
                let mut out = match position(self.variant, state) {
                    Ok(pos) => render_position(&pos),
                    Err(e) => e.reason,
                };
                if let Some(s) = state.draw_offer {
                    out.push_str(&format!("draw offered by {}\n", Actor::Seat(s)));
                }
                if let Some(o) = &state.result {
                    out.push_str(&format!("game over: {o}\n"));
                }
                out
            }
        }
    };
}

chess_rules!(ChessRules, RepetitionKeys, 3);
chess_rules!(ChessRulesV2, Repetitions, 2);
chess_rules!(ChessRulesV1, Vec<String>, 1);
