//! Tablut moves as OpenTafl move records: `e5-e8`, `Ke5-e8`, captures `xe9/f8`, and the info
//! symbols `+` (the king could be taken next), `-` (the king has a way out), `++` (taken),
//! `--` (escaped). Read leniently, written canonically; reading never changes the state.

use super::board::{Board, Piece, Square, DIRECTIONS};
use super::moves::{make, piece_moves, Move};
use super::ruleset::RuleSet;
use super::state::State;
use kifu_core::rules::RuleError;

/// What a move does, worked out on a copy of the position.
pub struct Effect {
    pub taken: Vec<Square>,
    pub info: &'static str,
}

pub fn effect(state: &State, mv: Move) -> Effect {
    let rules = &state.rules;
    let mut board = state.board.clone();
    let taken = make(rules, &mut board, mv);
    let info = match board.king() {
        None => "++",
        Some(king) if rules.is_escape(king) => "--",
        Some(king) if king_in_danger(rules, &board, king) => "+",
        Some(king) if piece_moves(rules, &board, king).iter().any(|m| rules.is_escape(m.to)) => "-",
        Some(_) => "",
    };
    Effect { taken, info }
}

/// Whether some black move to a square beside the king would take it.
fn king_in_danger(rules: &RuleSet, board: &Board, king: Square) -> bool {
    let beside: Vec<Square> = DIRECTIONS.iter().filter_map(|d| king.step(*d)).collect();
    board
        .all()
        .filter(|(_, piece)| *piece == Piece::Black)
        .flat_map(|(square, _)| piece_moves(rules, board, square))
        .filter(|mv| beside.contains(&mv.to))
        .any(|mv| {
            let mut after = board.clone();
            make(rules, &mut after, mv);
            after.king().is_none()
        })
}

/// The canonical text: `[K]from-to[xa/b][info]`.
pub fn format(state: &State, mv: Move) -> String {
    let effect = effect(state, mv);
    let king = if state.board.at(mv.from) == Some(Piece::King) {
        "K"
    } else {
        ""
    };
    let mut text = format!("{king}{}-{}", mv.from, mv.to);
    let names: Vec<String> = effect
        .taken
        .iter()
        .map(|s| {
            let k = if state.board.at(*s) == Some(Piece::King) {
                "K"
            } else {
                ""
            };
            format!("{k}{s}")
        })
        .collect();
    if !names.is_empty() {
        text.push('x');
        text.push_str(&names.join("/"));
    }
    text.push_str(effect.info);
    text
}

/// Reads a move: `e5-e8`, `e5 e8`, `Ke5-e8xe9+`. Captures, if written, must be those the move
/// makes, and `++`/`--` must match; `+` and `-` are read and not checked.
pub fn parse(state: &State, text: &str) -> Result<Move, RuleError> {
    let raw = text.trim();
    if raw == "---" {
        return Err(RuleError::new(
            "'---' (resignation) is not a move: kifu records no resignation in Tablut",
        ));
    }
    let body = raw.trim_end_matches(['+', '-']);
    let info = &raw[body.len()..];
    if !["", "+", "-", "++", "--"].contains(&info) {
        return Err(RuleError::new(format!(
            "'{info}' is not an OpenTafl info symbol (+, -, ++ or --)"
        )));
    }
    let (body, captures) = match body.split_once('x') {
        Some((m, c)) => (m, Some(c)),
        None => (body, None),
    };
    let body = body
        .strip_prefix(['K', 'k', 'T', 't'])
        .filter(|b| !b.is_empty())
        .unwrap_or(body);
    let spaced = body.replace('-', " ");
    let words: Vec<&str> = spaced.split_whitespace().collect();
    let [from, to] = words.as_slice() else {
        return Err(RuleError::new(format!(
            "'{raw}' is not a move: write the two squares, as 'e5-e8' (captures as 'xe9' may follow)"
        )));
    };
    let square = |word: &str| {
        Square::parse(word).ok_or_else(|| RuleError::new(format!("'{word}' is not a square: files a-i, ranks 1-9")))
    };
    let mv = Move {
        from: square(from)?,
        to: square(to)?,
    };
    check_legal(state, mv)?;
    let effect = effect(state, mv);
    if let Some(list) = captures {
        let mut written: Vec<Square> = Vec::new();
        for name in list.split('/') {
            let name = name
                .strip_prefix(['K', 'k', 'T', 't'])
                .filter(|n| !n.is_empty())
                .unwrap_or(name);
            written.push(square(name)?);
        }
        let mut made = effect.taken.clone();
        written.sort();
        made.sort();
        if written != made {
            let names: Vec<String> = made.iter().map(Square::to_string).collect();
            let said = if names.is_empty() {
                "nothing".to_string()
            } else {
                names.join("/")
            };
            return Err(RuleError::new(format!(
                "{}-{} captures {said}, not {list}",
                mv.from, mv.to
            )));
        }
    }
    let ends = ["++", "--"];
    if (ends.contains(&info) || ends.contains(&effect.info)) && info != effect.info && !info.is_empty() {
        return Err(RuleError::new(format!(
            "'{info}' says the game ends here, and {}-{} does not end it that way",
            mv.from, mv.to
        )));
    }
    Ok(mv)
}

/// Refuses a move that is not legal, saying why.
fn check_legal(state: &State, mv: Move) -> Result<(), RuleError> {
    let side = state.to_move;
    match state.board.at(mv.from) {
        None => return Err(RuleError::new(format!("{} is empty", mv.from))),
        Some(piece) if piece.side() != side => {
            return Err(RuleError::new(format!(
                "{} holds a {} piece, and it is {}'s move",
                mv.from,
                piece.side().name(),
                side.name()
            )))
        }
        Some(_) => {}
    }
    if state.legal().contains(&mv) {
        return Ok(());
    }
    let why = if mv.from.file() != mv.to.file() && mv.from.rank() != mv.to.rank() {
        "pieces move along a rank or a file".to_string()
    } else if mv.from == mv.to {
        "a move goes somewhere".to_string()
    } else if state.board.at(mv.to).is_some() {
        format!("{} is occupied", mv.to)
    } else {
        "the way is blocked, or that square is closed to this piece (the throne, a corner or a camp)".to_string()
    };
    Err(RuleError::new(format!("{}-{} is not possible: {why}", mv.from, mv.to)))
}
