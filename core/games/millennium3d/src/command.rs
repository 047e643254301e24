//! A command of the game: a move (kept with its canonical text, worked out once in the
//! position it was made in) or the side to move resigning. Reading never changes a state.

use kifu_core::refuse;
use kifu_core::rules::RuleError;

use crate::board::Position;
use crate::moves::{has_legal_move, in_check, legal_moves, play, Move};
use crate::notation;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// A legal move and its SAN with `+` or `#` when it checks or mates; made only by `parse`
    /// and `all_moves`, from the legal moves of the position it is applied to.
    Move(Move, String),
    Resign,
}

/// The SAN of `m` among `legal`, marked `+` for check and `#` for mate.
pub fn marked_san(pos: &Position, m: &Move, legal: &[Move]) -> String {
    let mut text = notation::san(pos, m, legal);
    let after = play(pos, m);
    if in_check(&after) {
        text.push(if has_legal_move(&after) { '+' } else { '#' });
    }
    text
}

/// Every legal move as a command.
pub fn all_moves(pos: &Position) -> Vec<Command> {
    let legal = legal_moves(pos);
    legal
        .iter()
        .map(|m| Command::Move(*m, marked_san(pos, m, &legal)))
        .collect()
}

pub fn parse(pos: &Position, text: &str) -> Result<Command, RuleError> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("resign") || text.eq_ignore_ascii_case("resigns") {
        return Ok(Command::Resign);
    }
    match notation::find(pos, text) {
        (Some(m), legal) => Ok(Command::Move(m, marked_san(pos, &m, &legal))),
        (None, _) => refuse!("{}", why_not(pos, text)),
    }
}

/// Why `text` names no legal move here, in words.
fn why_not(pos: &Position, text: &str) -> String {
    let bare = text.trim_end_matches(['+', '#', '!', '?']);
    let squares = square_names(bare);
    if squares.is_empty() && !bare.starts_with("O-O") {
        return format!(
            "'{text}' is not a move: squares are written level digit, file, rank (1e4, N2d1, ex3d5, 1e2-1e4)"
        );
    }
    format!("'{text}' is not a legal move for {} here", pos.to_move.name())
}

/// The square names (`1e4`) found in a text.
fn square_names(text: &str) -> Vec<&str> {
    let b = text.as_bytes();
    (0..b.len().saturating_sub(2))
        .filter(|&i| {
            (b'1'..=b'3').contains(&b[i]) && (b'a'..=b'h').contains(&b[i + 1]) && (b'1'..=b'8').contains(&b[i + 2])
        })
        .map(|i| &text[i..i + 3])
        .collect()
}
