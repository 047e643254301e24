//! The position text, Djambi's FEN: `BOARD TO_MOVE REGULAR QUIET PLY`. The board is nine
//! ranks from 9 to 1 split by `/`, each piece two letters (the colour that controls it, `r`
//! `b` `y` `g`, `n` for nobody, `x` for a corpse; then its kind, C A R D N M), digits for
//! empty squares; then the colour to move, the colour whose regular turn it is (the same
//! unless the player in power takes its extra turn), the moves since the last kill, and the
//! moves made. Reading refuses a position the rules could not reach, saying why.

use super::board::{Board, Kind, COLOURS, MAZE};
use super::state::{seat_name, State, SEATS};

pub const START: &str =
    "gCgAgM3yMyAyC/gRgDgM3yMyDyR/gMgMgN3yNyMyM/9/9/9/rMrMrN3bNbMbM/rRrDrM3bMbDbR/rCrArM3bMbAbC r r 0 0";

fn colour(text: &str, what: &str) -> Result<u8, String> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => COLOURS
            .iter()
            .position(|k| *k == c)
            .map(|s| s as u8)
            .ok_or_else(|| format!("{what} '{text}' is not a colour (r, b, y or g)")),
        _ => Err(format!("{what} '{text}' is not a colour (r, b, y or g)")),
    }
}

pub fn parse(text: &str) -> Result<State, String> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [board, to_move, regular, quiet, plies] = fields.as_slice() else {
        return Err(format!(
            "a position has 5 fields (board, colour to move, regular turn, quiet moves, moves made), not {}",
            fields.len()
        ));
    };
    let board = Board::parse(board)?;
    let to_move = colour(to_move, "the colour to move")?;
    let regular = colour(regular, "the regular turn")?;
    let quiet: u32 = quiet
        .parse()
        .map_err(|_| format!("the quiet-move count '{quiet}' is not a number"))?;
    let plies: u32 = plies
        .parse()
        .map_err(|_| format!("the move count '{plies}' is not a number"))?;
    check(&board, to_move, regular)?;
    let state = State::new(board, to_move, regular, quiet, plies);
    if state.outcome.is_some() {
        return Err(
            "the game would already be over: fewer than two chiefs alive, or the quiet-move count at its limit".into(),
        );
    }
    Ok(state)
}

fn check(board: &Board, to_move: u8, regular: u8) -> Result<(), String> {
    for seat in 0..SEATS {
        let chiefs = board
            .pieces()
            .filter(|(_, p)| p.alive && p.kind == Kind::Chief && p.owner == Some(seat))
            .count();
        let pieces = board.pieces().filter(|(_, p)| p.alive && p.owner == Some(seat)).count();
        if chiefs > 1 {
            return Err(format!(
                "{} controls {chiefs} living chiefs; a player has one",
                seat_name(seat)
            ));
        }
        if chiefs == 0 && pieces > 0 {
            return Err(format!(
                "{} controls pieces but has no living chief: they would belong to whoever killed it",
                seat_name(seat)
            ));
        }
    }
    if let Some(piece) = board.at(MAZE).filter(|p| p.kind != Kind::Chief) {
        return Err(format!(
            "only a chief may stand in the Labyrinth (e5), not a {}",
            piece.kind.name()
        ));
    }
    if board.in_power().is_some() && board.pieces().any(|(_, p)| p.alive && p.owner.is_none()) {
        return Err("pieces belong to nobody while a chief is in power: they would be his".into());
    }
    if board.chief_of(to_move).is_none() {
        return Err(format!("{} is to move but has no living chief", seat_name(to_move)));
    }
    if to_move != regular && board.in_power() != Some(to_move) {
        return Err(format!(
            "{} takes an extra turn after {}'s, but only the player in power (a chief in e5) does",
            seat_name(to_move),
            seat_name(regular)
        ));
    }
    Ok(())
}

pub fn write(state: &State) -> String {
    format!(
        "{} {} {} {} {}",
        state.board.write(),
        COLOURS[usize::from(state.to_move)],
        COLOURS[usize::from(state.regular)],
        state.quiet,
        state.plies
    )
}
