//! The Senet position notation for set-up positions: the 30 squares in track order as `x`
//! (p1), `o` (p2) or `.`, in three groups of ten split by `/`, then who acts, and the throw
//! if one is pending: `xoxoxoxoxo/........../.......... p1` or `... p2:3`.
//! It checks a position can be played; it never decides a move.

use super::board::{Board, PIECES, SQUARES};
use super::state::State;
use kifu_core::record::Actor;
use kifu_core::rules::RuleError;

/// The letter for a seat's piece in positions and on the rendered board.
pub fn piece_letter(seat: u8) -> char {
    if seat == 0 {
        'x'
    } else {
        'o'
    }
}

/// Reads a position; every refusal says what is wrong.
pub fn parse(text: &str) -> Result<State, RuleError> {
    let mut words = text.split_whitespace();
    let squares = words.next().unwrap_or("");
    let side = words
        .next()
        .ok_or_else(|| RuleError::new("the position needs who acts after the squares, as 'p1' or 'p2:3'"))?;
    if let Some(extra) = words.next() {
        return Err(RuleError::new(format!("unexpected '{extra}' after who acts")));
    }
    let board = parse_squares(squares)?;
    let (seat_text, throw_text) = match side.split_once(':') {
        Some((seat, throw)) => (seat, Some(throw)),
        None => (side, None),
    };
    let seat = match seat_text {
        "p1" => 0,
        "p2" => 1,
        other => return Err(RuleError::new(format!("'{other}' is not a side: write p1 or p2"))),
    };
    let throw = match throw_text {
        None => None,
        Some(t) => match t.parse::<u8>() {
            Ok(n) if (1..=5).contains(&n) => Some(n),
            _ => return Err(RuleError::new(format!("'{t}' is not a throw: a throw is 1 to 5"))),
        },
    };
    for s in 0..2 {
        if board.on_board(s) == 0 {
            return Err(RuleError::new(format!(
                "p{} has no piece on the board: that game is already over",
                s + 1
            )));
        }
    }
    Ok(State::new(board, seat, throw))
}

fn parse_squares(text: &str) -> Result<Board, RuleError> {
    let cells: Vec<char> = if text.contains('/') {
        let groups: Vec<&str> = text.split('/').collect();
        if groups.len() != 3 || groups.iter().any(|g| g.chars().count() != 10) {
            return Err(RuleError::new(
                "the squares are three groups of ten split by '/' (1-10/11-20/21-30)",
            ));
        }
        groups.concat().chars().collect()
    } else {
        text.chars().collect()
    };
    if cells.len() != usize::from(SQUARES) {
        return Err(RuleError::new(format!(
            "the squares need 30 letters (x, o or .), found {}",
            cells.len()
        )));
    }
    let mut board = Board {
        squares: [None; SQUARES as usize],
    };
    for (index, cell) in cells.iter().enumerate() {
        let seat = match cell {
            'x' | 'X' => Some(0),
            'o' | 'O' => Some(1),
            '.' => None,
            other => {
                return Err(RuleError::new(format!(
                    "square {}: '{other}' is not x, o or .",
                    index + 1
                )))
            }
        };
        board.set(index as u8 + 1, seat);
    }
    for seat in 0..2 {
        if board.on_board(seat) > PIECES {
            return Err(RuleError::new(format!(
                "p{} has {} pieces on the board; each side has five",
                seat + 1,
                board.on_board(seat)
            )));
        }
    }
    Ok(board)
}

/// The canonical text of a position.
pub fn write(state: &State) -> String {
    let mut text = String::new();
    for square in 1..=SQUARES {
        text.push(state.board.at(square).map_or('.', piece_letter));
        if square % 10 == 0 && square < SQUARES {
            text.push('/');
        }
    }
    text.push_str(&format!(" {}", Actor::Seat(state.seat)));
    if let Some(throw) = state.throw {
        text.push_str(&format!(":{throw}"));
    }
    text
}
