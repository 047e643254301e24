//! Carries out a card's declared effects on the board, one step at a time, checking each
//! against the position (the piece named stands there, the square is free, a returned piece
//! was captured, a move follows the kind it is said to move as). It never lets a step through
//! that the board contradicts, and never judges the card's own text, which is not recorded.

use kifu_chess::fen::{parse_state_fen, to_fen};
use kifu_chess::piece::{Color, Piece, Role};
use kifu_chess::{Position, Variant};

use super::effect::{CardPlay, Effect, Placed};
use super::moves::pattern_allows;
use super::state::{pool_index, side, InPlay, State};

fn name(pos: &Position, sq: u8) -> String {
    pos.geo.name(sq)
}

fn piece_name(p: Piece) -> String {
    format!("{} {}", p.color.name(), p.role.name())
}

/// The piece `p` names stands where it says.
fn stands(pos: &Position, p: &Placed) -> Result<(), String> {
    match pos.piece_at(p.square) {
        Some(found) if found == p.piece => Ok(()),
        Some(found) => Err(format!(
            "{} holds a {}, not a {}",
            name(pos, p.square),
            piece_name(found),
            piece_name(p.piece)
        )),
        None => Err(format!(
            "{} is empty, no {} stands there",
            name(pos, p.square),
            piece_name(p.piece)
        )),
    }
}

fn not_king(p: &Placed, what: &str) -> Result<(), String> {
    if p.piece.role == Role::King {
        return Err(format!("a king cannot be {what} (the game is won by checkmate only)"));
    }
    Ok(())
}

fn empty(pos: &Position, sq: u8) -> Result<(), String> {
    match pos.piece_at(sq) {
        None => Ok(()),
        Some(p) => Err(format!(
            "{} is not empty: a {} stands there",
            name(pos, sq),
            piece_name(p)
        )),
    }
}

fn last_rank(pos: &Position, color: Color, sq: u8) -> bool {
    let rank = pos.geo.rank(sq);
    match color {
        Color::White => rank == pos.geo.height - 1,
        Color::Black => rank == 0,
    }
}

/// One board step; `touched` collects the squares it changed.
fn step(state: &mut State, pos: &mut Position, effect: &Effect, touched: &mut Vec<u8>) -> Result<(), String> {
    match effect {
        Effect::Move {
            from,
            to,
            capture,
            promotion,
            pattern,
        } => {
            stands(pos, from)?;
            if from.square == *to {
                return Err(format!("the piece stays on {}: a move goes somewhere", name(pos, *to)));
            }
            if let Some(kind) = pattern {
                if !pattern_allows(pos, from.piece.color, *kind, from.square, *to) {
                    return Err(format!(
                        "a {} on {} cannot go to {} here",
                        kind.name(),
                        name(pos, from.square),
                        name(pos, *to)
                    ));
                }
            }
            match (pos.piece_at(*to), capture) {
                (None, false) => {}
                (None, true) => return Err(format!("{} is empty: nothing to take", name(pos, *to))),
                (Some(_), false) => {
                    empty(pos, *to).map_err(|e| format!("{e} (a capture is written with x)"))?;
                }
                (Some(victim), true) => {
                    if victim.color == from.piece.color {
                        return Err(format!("{} holds a piece of the same side", name(pos, *to)));
                    }
                    if victim.role == Role::King {
                        return Err("a king cannot be taken (the game is won by checkmate only)".into());
                    }
                    state.lose(victim);
                }
            }
            let promotes = from.piece.role == Role::Pawn && last_rank(pos, from.piece.color, *to);
            let lands = match (promotes, promotion) {
                (true, Some(role)) => Piece::new(from.piece.color, *role),
                (true, None) => return Err(format!("the pawn reaches {}: say what it becomes (=Q)", name(pos, *to))),
                (false, Some(_)) => return Err("only a pawn reaching its last rank is promoted".into()),
                (false, None) => from.piece,
            };
            pos.put(from.square, 0);
            pos.put(*to, lands.code());
            touched.extend([from.square, *to]);
        }
        Effect::Remove(p) | Effect::Kill(p) => {
            stands(pos, p)?;
            not_king(p, "removed")?;
            if matches!(effect, Effect::Remove(_)) {
                state.lose(p.piece);
            }
            pos.put(p.square, 0);
            touched.push(p.square);
        }
        Effect::Return(p) | Effect::Place(p) => {
            not_king(p, "put on the board")?;
            empty(pos, p.square)?;
            if matches!(effect, Effect::Return(_)) {
                let kind = pool_index(p.piece.role).unwrap_or(0);
                let n = &mut state.captured[p.piece.color.index()][kind];
                if *n == 0 {
                    return Err(format!("no {} has been captured to return", piece_name(p.piece)));
                }
                *n -= 1;
            }
            pos.put(p.square, p.piece.code());
            touched.push(p.square);
        }
        Effect::Transform { from, into } => {
            stands(pos, from)?;
            not_king(from, "transformed")?;
            if *into == Role::King {
                return Err("no piece becomes a king (each side keeps its one king)".into());
            }
            if *into == from.piece.role {
                return Err(format!("the {} is already a {}", piece_name(from.piece), into.name()));
            }
            pos.put(from.square, Piece::new(from.piece.color, *into).code());
            touched.push(from.square);
        }
        Effect::Swap(a, b) => {
            stands(pos, a)?;
            stands(pos, b)?;
            if a.square == b.square {
                return Err("a swap takes two different pieces".into());
            }
            pos.put(a.square, b.piece.code());
            pos.put(b.square, a.piece.code());
            touched.extend([a.square, b.square]);
        }
        Effect::Convert(p) => {
            stands(pos, p)?;
            not_king(p, "converted")?;
            pos.put(p.square, Piece::new(p.piece.color.other(), p.piece.role).code());
            touched.push(p.square);
        }
        Effect::Instead | Effect::Undo | Effect::Lasting | Effect::Discard(_) | Effect::Void => {}
    }
    Ok(())
}

/// Carries out `play` by `seat` on the state; the position is written back to the state.
pub fn play(state: &mut State, seat: u8, play: &CardPlay) -> Result<(), String> {
    let mut pos = state.position();
    if play.effects.contains(&Effect::Void) && play.effects.len() > 1 {
        return Err("'void' stands alone: the card had no effect".into());
    }
    let kings_before = pos.kings;
    let mut touched = Vec::new();
    for (i, effect) in play.effects.iter().enumerate() {
        let at = |why: String| format!("effect {} ({}): {why}", i + 1, effect.text(pos.geo));
        match effect {
            Effect::Instead => {
                if state.moved(&pos) {
                    return Err(at(format!(
                        "{}'s regular move of this turn is already made",
                        side(pos.turn.other())
                    )));
                }
                pass_turn(&mut pos);
                state.before_move = None;
            }
            Effect::Undo => {
                let Some(before) = state.before_move.take().filter(|_| state.moved(&pos)) else {
                    return Err(at("no regular move of this turn is there to take back".into()));
                };
                pos = parse_state_fen(Variant::Standard, &before.fen).map_err(at)?;
                state.captured = before.captured;
            }
            Effect::Lasting => state.in_play.push(InPlay {
                seat,
                name: play.name.clone(),
            }),
            Effect::Discard(card) => {
                let Some(i) = state.in_play.iter().position(|c| c.name == *card) else {
                    return Err(at(format!("no card '{card}' is in play")));
                };
                state.in_play.remove(i);
            }
            _ => {
                step(state, &mut pos, effect, &mut touched).map_err(at)?;
                state.before_move = None;
            }
        }
    }
    if !touched.is_empty() {
        settle_board(&mut pos, &kings_before, &touched);
    }
    let fen = to_fen(&pos);
    parse_state_fen(Variant::Standard, &fen).map_err(|why| format!("the card leaves an impossible position: {why}"))?;
    state.fen = fen;
    Ok(())
}

/// After a card changed the board: no en passant, the move clock restarts, and castling is
/// lost with a king or rook the card moved, removed, changed or covered.
pub fn settle_board(pos: &mut Position, kings_before: &[Option<u8>; 2], touched: &[u8]) {
    pos.ep = None;
    pos.halfmove = 0;
    for color in [Color::White, Color::Black] {
        let king_touched = kings_before[color.index()].is_some_and(|k| touched.contains(&k));
        for side in 0..2 {
            if let Some(rook) = pos.castles[color.index()][side] {
                if king_touched || touched.contains(&rook) {
                    pos.castles[color.index()][side] = None;
                }
            }
        }
    }
    pos.find_kings();
}

/// The side to move's regular move is spent without a move.
pub fn pass_turn(pos: &mut Position) {
    if pos.turn == Color::Black {
        pos.fullmove += 1;
    }
    pos.turn = pos.turn.other();
    pos.ep = None;
}
