//! How Portal chess writes a move through a porthole: the move onto the porthole, `>`, and the
//! porthole it leaves by (`Nc3>f6`, `Bxe5>a4`, pawns with their file `bc3>f6`, `dxe5>h4`);
//! UCI names the three squares (`b1c3f6`). It reads and writes those forms only.

use crate::movegen::legal_moves;
use crate::piece::Role;
use crate::position::{Move, MoveKind, Position};
use crate::san::{from_hint, move_to_san};

/// The SAN of a porthole move without the check mark; `legal` the position's legal moves if
/// already generated.
pub fn san(pos: &Position, legal: Option<&[Move]>, m: &Move, exit: u8) -> String {
    let geo = pos.geo;
    let mut s = String::new();
    if m.role == Role::Pawn {
        s.push(geo.file_char(geo.file(m.from)));
    } else {
        s.push(m.role.letter());
        let generated;
        let legal = match legal {
            Some(l) => l,
            None => {
                generated = legal_moves(pos);
                &generated
            }
        };
        let rivals: Vec<u8> = legal
            .iter()
            .filter(|o| o.kind == m.kind && o.role == m.role && o.to == m.to && o.from != m.from)
            .map(|o| o.from)
            .collect();
        s.push_str(&from_hint(geo, m.from, &rivals));
    }
    if pos.board[m.to as usize] != 0 {
        s.push('x');
    }
    s.push_str(&geo.name(m.to));
    s.push('>');
    s.push_str(&geo.name(exit));
    s
}

/// The UCI text of a porthole move: from, entry and exit squares.
pub fn uci(pos: &Position, m: &Move, exit: u8) -> String {
    let geo = pos.geo;
    format!("{}{}{}", geo.name(m.from), geo.name(m.to), geo.name(exit))
}

/// Reads a porthole move, SAN-like with `>` or UCI's three squares; `None` when the text is
/// neither form (then it is read as a chess move).
pub fn parse(pos: &Position, legal: &[Move], text: &str) -> Option<Result<Move, String>> {
    if let Some((left, right)) = text.split_once('>') {
        return Some(parse_san(pos, legal, text, left, right));
    }
    let (from, rest) = split_square(pos, text)?;
    let (entry, rest) = split_square(pos, rest)?;
    let exit = pos.geo.parse_square(&rest.to_ascii_lowercase())?;
    let found = legal
        .iter()
        .copied()
        .find(|m| m.from == from && m.to == entry && m.kind == MoveKind::Portal(exit));
    Some(found.ok_or_else(|| format!("'{text}' is not a legal porthole move here")))
}

/// A square at the start of `text` (two characters: the board is 8x8) and the rest.
fn split_square<'a>(pos: &Position, text: &'a str) -> Option<(u8, &'a str)> {
    let head = text.get(..2)?;
    Some((pos.geo.parse_square(&head.to_ascii_lowercase())?, &text[2..]))
}

fn parse_san(pos: &Position, legal: &[Move], text: &str, left: &str, right: &str) -> Result<Move, String> {
    let geo = pos.geo;
    let bad = || format!("'{text}' is not a porthole move (written like Nc3>f6 or bxc3>f6)");
    let exit = geo.parse_square(right).ok_or_else(bad)?;
    let split = left
        .len()
        .checked_sub(2)
        .filter(|&i| left.is_char_boundary(i))
        .ok_or_else(bad)?;
    let entry = geo.parse_square(&left[split..]).ok_or_else(bad)?;
    let prefix = left[..split].trim_end_matches(['x', ':', '-']);
    let (role, hint) = match prefix.chars().next() {
        Some(c) if c.is_ascii_uppercase() => (Some(Role::from_letter(c).ok_or_else(bad)?), &prefix[1..]),
        _ => (None, prefix),
    };
    let mut hint_chars = hint.chars().peekable();
    let file = hint_chars
        .next_if(|c| c.is_ascii_lowercase())
        .map(|c| u8::try_from(u32::from(c) - u32::from('a')).unwrap_or(u8::MAX));
    let rank: Option<u8> = match hint_chars.collect::<String>() {
        r if r.is_empty() => None,
        r => Some(r.parse().map_err(|_| bad())?),
    };
    // No piece letter: a pawn by its file, or whatever stands on a whole from-square.
    let role = role.or(if rank.is_some() { None } else { Some(Role::Pawn) });
    let fits: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| {
            m.kind == MoveKind::Portal(exit)
                && m.to == entry
                && role.is_none_or(|r| r == m.role)
                && file.is_none_or(|f| f == geo.file(m.from))
                && rank.is_none_or(|r| r == geo.number(m.from))
        })
        .collect();
    match fits.as_slice() {
        [m] => Ok(*m),
        [] => Err(format!(
            "'{text}': no piece can enter the porthole on {} and leave by {} now",
            geo.name(entry),
            geo.name(exit)
        )),
        _ => {
            let names: Vec<String> = fits.iter().map(|m| move_to_san(pos, m)).collect();
            Err(format!("'{text}' is ambiguous: it could be {}", names.join(" or ")))
        }
    }
}
