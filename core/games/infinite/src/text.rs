//! The position text, FEN's fields on an unbounded board: the pieces as `Kx,y` joined by `|`
//! (white upper case, black lower case, in reading order: y down from the top, x left to right),
//! then the side to move, the castling rights, the en passant square (`x,y` or `-`), the
//! half-move clock and the move number. `parse` refuses a position no game could be in.

use super::board::{Board, Kind, Piece, Side, Square, LIMIT};
use super::moves::en_passant_usable;
use super::position::{Position, CASTLINGS};

/// The position's text, every field.
pub fn write(pos: &Position) -> String {
    format!("{} {} {}", placement(&pos.board), key_fields(pos), clocks(pos))
}

/// What makes two positions the same for repetition: the pieces, the side to move, the
/// castling rights and the en passant square (kept only when a capture to it is legal).
pub fn repetition_key(pos: &Position) -> String {
    format!("{} {}", placement(&pos.board), key_fields(pos))
}

fn clocks(pos: &Position) -> String {
    format!("{} {}", pos.halfmove, pos.fullmove)
}

fn key_fields(pos: &Position) -> String {
    let side = match pos.turn {
        Side::White => "w",
        Side::Black => "b",
    };
    let castling: String = CASTLINGS
        .iter()
        .filter(|c| pos.castling[c.index()])
        .map(|c| c.letter())
        .collect();
    let castling = if castling.is_empty() { "-".to_string() } else { castling };
    let ep = pos
        .en_passant
        .map_or("-".to_string(), |sq| format!("{},{}", sq.x, sq.y));
    format!("{side} {castling} {ep}")
}

/// The pieces in reading order.
pub fn placement(board: &Board) -> String {
    let mut squares: Vec<(&Square, &Piece)> = board.iter().collect();
    squares.sort_by_key(|(sq, _)| (std::cmp::Reverse(sq.y), sq.x));
    let parts: Vec<String> = squares
        .iter()
        .map(|(sq, p)| format!("{}{},{}", p.letter(), sq.x, sq.y))
        .collect();
    parts.join("|")
}

/// A coordinate: an integer within ±10^15.
pub fn coordinate(text: &str) -> Result<i64, String> {
    let value: i64 = text
        .parse()
        .map_err(|_| format!("'{text}' is not an integer coordinate"))?;
    if !(-LIMIT..=LIMIT).contains(&value) {
        return Err(format!("{value} is beyond the coordinates kifu keeps (within ±10^15)"));
    }
    Ok(value)
}

/// `x,y` as a square.
pub fn square(text: &str) -> Result<Square, String> {
    let (x, y) = text
        .split_once(',')
        .ok_or_else(|| format!("'{text}' is not a square x,y"))?;
    Ok(Square::new(coordinate(x.trim())?, coordinate(y.trim())?))
}

/// Reads a position text; the clocks may be left off (0 and 1).
pub fn parse(text: &str) -> Result<Position, String> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 4 && fields.len() != 6 {
        return Err(format!(
            "a position is PIECES SIDE CASTLING EN-PASSANT [HALFMOVE MOVE]: 4 or 6 fields, not {}",
            fields.len()
        ));
    }
    let mut board = Board::new();
    for token in fields[0].split('|') {
        let mut chars = token.chars();
        let letter = chars.next().ok_or("an empty piece between two '|'")?;
        let kind = Kind::from_letter(letter)
            .ok_or_else(|| format!("'{token}': '{letter}' is no piece (KQRBNP, black in lower case)"))?;
        let side = if letter.is_ascii_uppercase() {
            Side::White
        } else {
            Side::Black
        };
        let sq = square(chars.as_str()).map_err(|e| format!("'{token}': {e}"))?;
        if board.insert(sq, Piece::new(side, kind)).is_some() {
            return Err(format!("{sq} is given two pieces"));
        }
    }
    let turn = match fields[1] {
        "w" => Side::White,
        "b" => Side::Black,
        other => return Err(format!("the side to move is w or b, not '{other}'")),
    };
    let mut castling = [false; 4];
    if fields[2] != "-" {
        for c in fields[2].chars() {
            let Some(right) = CASTLINGS.iter().find(|r| r.letter() == c) else {
                return Err(format!("'{c}' is no castling right (KQkq or -)"));
            };
            if castling[right.index()] {
                return Err(format!("the castling right '{c}' is given twice"));
            }
            castling[right.index()] = true;
        }
    }
    let en_passant = match fields[3] {
        "-" => None,
        text => Some(square(text).map_err(|e| format!("en passant square: {e}"))?),
    };
    let (halfmove, fullmove) = if fields.len() == 6 {
        let halfmove = fields[4]
            .parse()
            .map_err(|_| format!("the half-move clock '{}' is not a count", fields[4]))?;
        let fullmove: u64 = fields[5]
            .parse()
            .map_err(|_| format!("the move number '{}' is not a count", fields[5]))?;
        if fullmove == 0 {
            return Err("the move number counts from 1".into());
        }
        (halfmove, fullmove)
    } else {
        (0, 1)
    };
    let pos = Position {
        board,
        turn,
        castling,
        en_passant,
        halfmove,
        fullmove,
    };
    validate(&pos)?;
    Ok(pos)
}

/// Refuses what no game could reach or play on from: a side without exactly one king, a pawn
/// on or past its promotion line, the side not to move in check, a castling right whose king
/// or rook is not at home, an en passant square with no pawn just past it.
fn validate(pos: &Position) -> Result<(), String> {
    for side in [Side::White, Side::Black] {
        let kings = pos
            .board
            .values()
            .filter(|p| p.side == side && p.kind == Kind::King)
            .count();
        if kings != 1 {
            return Err(format!("{} has {kings} kings; each side has exactly one", side.name()));
        }
    }
    for (sq, p) in &pos.board {
        let beyond = match p.side {
            Side::White => sq.y >= p.side.promotion_rank(),
            Side::Black => sq.y <= p.side.promotion_rank(),
        };
        if p.kind == Kind::Pawn && beyond {
            return Err(format!(
                "a {} pawn cannot stand on {sq}: it promotes on reaching rank {}",
                p.side.name(),
                p.side.promotion_rank()
            ));
        }
    }
    if pos.in_check(pos.turn.other()) {
        return Err(format!(
            "{} is in check with {} to move",
            pos.turn.other().name(),
            pos.turn.name()
        ));
    }
    for c in CASTLINGS.iter().filter(|c| pos.castling[c.index()]) {
        let home = |sq: Square, kind: Kind| pos.board.get(&sq) == Some(&Piece::new(c.side, kind));
        if !home(c.king_from(), Kind::King) || !home(c.rook_from(), Kind::Rook) {
            return Err(format!(
                "castling right '{}' needs the {} king on {} and a rook on {}",
                c.letter(),
                c.side.name(),
                c.king_from(),
                c.rook_from()
            ));
        }
    }
    if let Some(ep) = pos.en_passant {
        let mover = pos.turn.other();
        let pawn_at = Square::new(ep.x, ep.y + mover.forward());
        let origin = Square::new(ep.x, ep.y - mover.forward());
        let just_stepped = ep.y - mover.forward() == mover.pawn_rank()
            && pos.board.get(&pawn_at) == Some(&Piece::new(mover, Kind::Pawn))
            && !pos.board.contains_key(&ep)
            && !pos.board.contains_key(&origin);
        if !just_stepped {
            return Err(format!(
                "en passant square {ep}: no {} pawn has just stepped past it",
                mover.name()
            ));
        }
        // Kept only when a capture to it is legal, as the game keeps it.
        let usable = en_passant_usable(pos, ep);
        if !usable {
            return Err(format!(
                "en passant square {ep}: no legal capture goes there; write '-'"
            ));
        }
    }
    Ok(())
}
