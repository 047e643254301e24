//! What a Kriegspiel player may try: every move its own pieces could make were the board
//! holding nothing else (the other side's men neither block nor are known), each pawn's two
//! diagonal steps (a try), and castling through squares free of its own men. The umpire (the
//! rules) then says whether the attempt is legal on the real board. This file reads and writes
//! attempts; it never decides legality and never looks at the other side's men.

use kifu_chess::geometry::Geometry;
use kifu_chess::movegen::gen_pseudo;
use kifu_chess::piece::{Color, Role};
use kifu_chess::position::{KINGSIDE, QUEENSIDE};
use kifu_chess::san::from_hint;
use kifu_chess::uci::move_to_uci;
use kifu_chess::{Move, MoveKind, Position};

use crate::darkchess::moves::castling_path_free;

/// A move as its player writes it: the squares (a castling king's own two-square step) and a
/// promotion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Attempt {
    pub from: u8,
    pub to: u8,
    pub promotion: Option<Role>,
}

const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

impl Attempt {
    /// Its UCI text (`e2e4`, `e7e8q`, `e1g1`): how the record writes it.
    pub fn uci(&self, geo: &Geometry) -> String {
        let promo = self
            .promotion
            .map(|r| r.letter().to_ascii_lowercase().to_string())
            .unwrap_or_default();
        format!("{}{}{promo}", geo.name(self.from), geo.name(self.to))
    }
}

/// The board `color` knows: its own men only (no en passant square, which it cannot know).
pub fn own_board(pos: &Position, color: Color) -> Position {
    let mut own = pos.clone();
    for sq in pos.squares_of(color.other()).collect::<Vec<_>>() {
        own.put(sq, 0);
    }
    own.ep = None;
    own.castles[color.other().index()] = [None; 2];
    own.find_kings();
    own
}

/// Every attempt of the side to move, sorted, each once.
pub fn attempts(pos: &Position) -> Vec<Attempt> {
    let us = pos.turn;
    let geo = pos.geo;
    let own = own_board(pos, us);
    let mut moves = Vec::with_capacity(64);
    gen_pseudo(&own, &mut moves);
    let mut out: Vec<Attempt> = moves
        .iter()
        .filter(|m| matches!(m.kind, MoveKind::Normal | MoveKind::DoublePush))
        .map(|m| Attempt {
            from: m.from,
            to: m.to,
            promotion: m.promotion,
        })
        .collect();
    let forward: i16 = if us == Color::White { 1 } else { -1 };
    let last_rank = if us == Color::White { geo.height - 1 } else { 0 };
    for (from, role) in own.pieces(us) {
        if role != Role::Pawn {
            continue;
        }
        let rank = geo.rank(from) as i16 + forward;
        for file in [geo.file(from) as i16 - 1, geo.file(from) as i16 + 1] {
            if !(0..geo.width as i16).contains(&file) || !(0..geo.height as i16).contains(&rank) {
                continue;
            }
            let Some(to) = geo.square(file as u8, rank as u8) else {
                continue;
            };
            if pos.is_color(to, us) {
                continue;
            }
            if rank as u8 == last_rank {
                out.extend(PROMOTIONS.map(|p| Attempt {
                    from,
                    to,
                    promotion: Some(p),
                }));
            } else {
                out.push(Attempt {
                    from,
                    to,
                    promotion: None,
                });
            }
        }
    }
    if let Some(king) = own.kings[us.index()] {
        for side in [QUEENSIDE, KINGSIDE] {
            let Some(rook) = pos.castles[us.index()][side] else {
                continue;
            };
            if castling_path_free(&own, king, rook, side) {
                out.push(Attempt {
                    from: king,
                    to: pos.castle_targets(us, side).0,
                    promotion: None,
                });
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The legal move an attempt is, if it is one (`legal`: the position's legal moves).
pub fn as_legal(pos: &Position, legal: &[Move], attempt: &Attempt) -> Option<Move> {
    let uci = attempt.uci(pos.geo);
    legal.iter().find(|m| move_to_uci(pos, m) == uci).copied()
}

/// Reads a typed attempt among `all` (the attempts of the side to move): UCI (`g1f3`),
/// castling (`O-O`, `0-0-0`) or SAN as its player would write it (`Nf3`, `exd5`, `e8=Q`;
/// `x`, `+`, `#`, `-` and `=` ignored). A SAN that fits two attempts is refused, naming them:
/// a piece that may be pinned is still a candidate, since its player cannot know.
pub fn read(pos: &Position, all: &[Attempt], text: &str) -> Result<Attempt, String> {
    let typed = text.trim();
    if let Some(a) = all.iter().find(|a| a.uci(pos.geo).eq_ignore_ascii_case(typed)) {
        return Ok(*a);
    }
    let plain: String = typed
        .chars()
        .filter(|c| !matches!(c, 'x' | '-' | '=' | '+' | '#' | '!' | '?'))
        .collect();
    let fits: Vec<Attempt> = match plain.as_str() {
        "OO" | "00" | "OOO" | "000" => {
            let side = if plain.len() == 2 { KINGSIDE } else { QUEENSIDE };
            let target = pos.castle_targets(pos.turn, side).0;
            all.iter()
                .filter(|a| Some(a.from) == pos.kings[pos.turn.index()] && a.to == target && is_castling(pos, a))
                .copied()
                .collect()
        }
        _ => san_fits(pos, all, &plain),
    };
    match fits.as_slice() {
        [one] => Ok(*one),
        [] => Err(format!("'{typed}' is not a move your pieces could try here")),
        many => Err(format!(
            "'{typed}' is ambiguous: it could be {}",
            many.iter().map(|a| a.uci(pos.geo)).collect::<Vec<_>>().join(" or ")
        )),
    }
}

/// Whether an attempt is a castling (the king's two-file step from its square).
pub fn is_castling(pos: &Position, a: &Attempt) -> bool {
    Some(a.from) == pos.kings[pos.turn.index()] && pos.geo.file(a.from).abs_diff(pos.geo.file(a.to)) == 2
}

/// The attempts a SAN text (with `x`, `-`, `=` and marks taken out) names.
fn san_fits(pos: &Position, all: &[Attempt], plain: &str) -> Vec<Attempt> {
    let mut chars: Vec<char> = plain.chars().collect();
    let role = match chars
        .first()
        .and_then(|&c| "KQRBN".contains(c).then(|| Role::from_letter(c)).flatten())
    {
        Some(role) => {
            chars.remove(0);
            role
        }
        None => Role::Pawn,
    };
    let mut promotion = None;
    if role == Role::Pawn && chars.last().is_some_and(|c| c.is_ascii_alphabetic()) && chars.len() > 2 {
        promotion = chars.pop().and_then(|c| Role::from_letter(c.to_ascii_uppercase()));
        if promotion.is_none() {
            return Vec::new();
        }
    }
    if chars.len() < 2 {
        return Vec::new();
    }
    let square: String = chars[chars.len() - 2..].iter().collect();
    let hint: String = chars[..chars.len() - 2].iter().collect();
    let Some(to) = pos.geo.parse_square(&square) else {
        return Vec::new();
    };
    let geo = pos.geo;
    all.iter()
        .filter(|a| {
            let from_name = geo.name(a.from);
            a.to == to
                && a.promotion == promotion
                && pos.piece_at(a.from).map(|p| p.role) == Some(role)
                && !is_castling(pos, a)
                && hint.chars().all(|c| from_name.contains(c))
                && (role != Role::Pawn || !hint.is_empty() || geo.file(a.from) == geo.file(a.to))
        })
        .copied()
        .collect()
}

/// The SAN of a legal move for a record its player could have written: pieces told apart from
/// the others of their kind that could try the same square (pinned or not), `x` on a capture,
/// and `+` or `#` from `after_mark` (the position it leads to: check, checkmate).
pub fn san(pos: &Position, all: &[Attempt], a: &Attempt, mark: &str) -> String {
    let geo = pos.geo;
    if is_castling(pos, a) {
        let side = if geo.file(a.to) > geo.file(a.from) {
            "O-O"
        } else {
            "O-O-O"
        };
        return format!("{side}{mark}");
    }
    let role = pos.piece_at(a.from).map_or(Role::Pawn, |p| p.role);
    let promo = a.promotion.map(|r| format!("={}", r.letter())).unwrap_or_default();
    if role == Role::Pawn {
        return if geo.file(a.from) == geo.file(a.to) {
            format!("{}{promo}{mark}", geo.name(a.to))
        } else {
            format!("{}x{}{promo}{mark}", geo.file_char(geo.file(a.from)), geo.name(a.to))
        };
    }
    let rivals: Vec<u8> = all
        .iter()
        .filter(|o| o.to == a.to && o.from != a.from && pos.piece_at(o.from).map(|p| p.role) == Some(role))
        .map(|o| o.from)
        .collect();
    let takes = if pos.board[a.to as usize] != 0 { "x" } else { "" };
    format!(
        "{}{}{takes}{}{mark}",
        role.letter(),
        from_hint(geo, a.from, &rivals),
        geo.name(a.to)
    )
}
