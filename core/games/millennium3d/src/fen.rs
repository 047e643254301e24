//! The position text: FEN extended to three levels. Three 8x8 FEN boards, level 1 first,
//! joined by `|`, then FEN's side to move, castling rights, en passant square (named with
//! its level, `2e3`), halfmove clock and move number. Reading refuses what no game reaches.

use crate::board::{
    name, offset, parse_square, rank, square, Colour, EnPassant, Kind, Man, Position, BLACK_LONG, BLACK_SHORT,
    WHITE_LONG, WHITE_SHORT,
};
use crate::moves::{attacked, on_pawn_start};

pub fn write(pos: &Position) -> String {
    let mut boards = Vec::new();
    for l in 0..3 {
        let mut rows = Vec::new();
        for r in (0..8).rev() {
            let mut row = String::new();
            let mut gap = 0;
            for f in 0..8 {
                match square(l, f, r).and_then(|s| pos.at(s)) {
                    Some(man) => {
                        if gap > 0 {
                            row.push_str(&gap.to_string());
                            gap = 0;
                        }
                        row.push(man.letter());
                    }
                    None => gap += 1,
                }
            }
            if gap > 0 {
                row.push_str(&gap.to_string());
            }
            rows.push(row);
        }
        boards.push(rows.join("/"));
    }
    let side = match pos.to_move {
        Colour::White => "w",
        Colour::Black => "b",
    };
    let mut castling: String = [
        (WHITE_SHORT, 'K'),
        (WHITE_LONG, 'Q'),
        (BLACK_SHORT, 'k'),
        (BLACK_LONG, 'q'),
    ]
    .iter()
    .filter(|(bit, _)| pos.castling & bit != 0)
    .map(|(_, c)| *c)
    .collect();
    if castling.is_empty() {
        castling.push('-');
    }
    let ep = pos.en_passant.map(|ep| name(ep.passed)).unwrap_or_else(|| "-".into());
    format!(
        "{} {side} {castling} {ep} {} {}",
        boards.join("|"),
        pos.halfmove,
        pos.fullmove
    )
}

/// The text of the start position.
pub fn start_text() -> String {
    write(&Position::start())
}

pub fn parse(text: &str) -> Result<Position, String> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 6 {
        return Err(format!(
            "a position is six fields (three boards joined by '|', side, castling, en passant, halfmove clock, move number), not {}",
            fields.len()
        ));
    }
    let mut pos = Position::empty();
    let boards: Vec<&str> = fields[0].split('|').collect();
    if boards.len() != 3 {
        return Err(format!(
            "three boards joined by '|' (levels 1, 2, 3), not {}",
            boards.len()
        ));
    }
    for (l, board) in boards.iter().enumerate() {
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != 8 {
            return Err(format!("level {}: eight ranks, not {}", l + 1, rows.len()));
        }
        for (i, row) in rows.iter().enumerate() {
            let r = 7 - i as i8;
            let mut f = 0i8;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                    f += d as i8;
                } else {
                    let man = Man::from_letter(c).ok_or_else(|| format!("level {}: '{c}' is no man", l + 1))?;
                    let s = square(l as i8, f, r)
                        .ok_or_else(|| format!("level {}, rank {}: more than eight files", l + 1, r + 1))?;
                    pos.men[s as usize] = Some(man);
                    f += 1;
                }
                if f > 8 {
                    return Err(format!("level {}, rank {}: more than eight files", l + 1, r + 1));
                }
            }
            if f != 8 {
                return Err(format!("level {}, rank {}: {f} files, not eight", l + 1, r + 1));
            }
        }
    }
    pos.to_move = match fields[1] {
        "w" => Colour::White,
        "b" => Colour::Black,
        other => return Err(format!("the side to move is 'w' or 'b', not '{other}'")),
    };
    pos.castling = parse_castling(fields[2])?;
    pos.halfmove = fields[4]
        .parse()
        .map_err(|_| format!("the halfmove clock '{}' is no number", fields[4]))?;
    pos.fullmove = fields[5]
        .parse()
        .map_err(|_| format!("the move number '{}' is no number", fields[5]))?;
    if pos.fullmove == 0 {
        return Err("the move number starts at 1".into());
    }
    check_men(&pos)?;
    check_castling(&pos)?;
    if fields[3] != "-" {
        let passed =
            parse_square(fields[3]).ok_or_else(|| format!("the en passant square '{}' is no square", fields[3]))?;
        pos.en_passant = Some(en_passant(&pos, passed)?);
    }
    let them = pos.to_move.other();
    if pos.king(them).is_some_and(|k| attacked(&pos, k, pos.to_move)) {
        return Err(format!(
            "{} is in check with {} to move",
            them.name(),
            pos.to_move.name()
        ));
    }
    Ok(pos)
}

fn parse_castling(text: &str) -> Result<u8, String> {
    if text == "-" {
        return Ok(0);
    }
    let mut bits = 0;
    for c in text.chars() {
        let bit = match c {
            'K' => WHITE_SHORT,
            'Q' => WHITE_LONG,
            'k' => BLACK_SHORT,
            'q' => BLACK_LONG,
            _ => return Err(format!("castling rights are KQkq or '-', not '{text}'")),
        };
        if bits & bit != 0 {
            return Err(format!("castling right '{c}' given twice"));
        }
        bits |= bit;
    }
    Ok(bits)
}

fn check_men(pos: &Position) -> Result<(), String> {
    for colour in [Colour::White, Colour::Black] {
        let kings = pos
            .men
            .iter()
            .filter(|m| {
                **m == Some(Man {
                    colour,
                    kind: Kind::King,
                })
            })
            .count();
        if kings != 1 {
            return Err(format!("{} has {kings} kings, not one", colour.name()));
        }
    }
    for (s, man) in pos.men.iter().enumerate() {
        let Some(man) = man else { continue };
        let s = s as u8;
        if man.kind != Kind::Pawn {
            continue;
        }
        let own_back = match man.colour {
            Colour::White => 0,
            Colour::Black => 7,
        };
        if rank(s) == own_back {
            return Err(format!(
                "a {} pawn on {} (its own first rank)",
                man.colour.name(),
                name(s)
            ));
        }
        if crate::moves::promotes(man.colour, s) {
            return Err(format!(
                "a {} pawn on {}, where it would have promoted",
                man.colour.name(),
                name(s)
            ));
        }
    }
    Ok(())
}

fn check_castling(pos: &Position) -> Result<(), String> {
    let rights = [
        (WHITE_SHORT, Colour::White, 7, 'K'),
        (WHITE_LONG, Colour::White, 0, 'Q'),
        (BLACK_SHORT, Colour::Black, 7, 'k'),
        (BLACK_LONG, Colour::Black, 0, 'q'),
    ];
    for (bit, colour, rook_file, letter) in rights {
        if pos.castling & bit == 0 {
            continue;
        }
        let l = crate::board::home_level(colour);
        let r = crate::board::home_rank(colour);
        let at = |f: i8, kind: Kind| square(l, f, r).and_then(|s| pos.at(s)) == Some(Man { colour, kind });
        if !at(4, Kind::King) || !at(rook_file, Kind::Rook) {
            return Err(format!(
                "castling right '{letter}' needs the {} king and rook on their home squares",
                colour.name()
            ));
        }
    }
    Ok(())
}

/// The double step an en passant square stands for: the pawn of the side that just moved
/// stands as far beyond the square as the square is from the pawn's start square.
fn en_passant(pos: &Position, passed: u8) -> Result<EnPassant, String> {
    let mover = pos.to_move.other();
    let fwd = mover.forward();
    let steps = [(0, fwd), (1, 0), (-1, 0), (1, fwd), (-1, fwd)];
    for (dl, dr) in steps {
        let (Some(pawn), Some(origin)) = (offset(passed, dl, 0, dr), offset(passed, -dl, 0, -dr)) else {
            continue;
        };
        if on_pawn_start(mover, origin)
            && pos.at(origin).is_none()
            && pos.at(passed).is_none()
            && pos.at(pawn)
                == Some(Man {
                    colour: mover,
                    kind: Kind::Pawn,
                })
        {
            return Ok(EnPassant { passed, pawn });
        }
    }
    Err(format!(
        "the en passant square {} is not a square a {} pawn just passed over",
        name(passed),
        mover.name()
    ))
}
