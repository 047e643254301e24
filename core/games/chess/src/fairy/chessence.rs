//! Chessence (Jim Winslow, 1989) on the one engine: the 6x9 board with eight holes, men that
//! move by the pattern of the friendly men around them, fixed kings, the three men in reserve
//! entered on one's own six start cells, and the loss of a side left without a move. Rules as
//! `seeds/chess/chessence.md` states them. Pure: nothing here keeps state between calls.

use std::sync::OnceLock;

use crate::geometry::Geometry;
use crate::movegen::{count_legal, simple};
use crate::piece::{Color, Role};
use crate::position::{Move, MoveKind, Position};
use crate::shape::Shape;
use kifu_core::rules::Outcome;

/// The start: black king a9, men a8 b7 b8 b9 c7 c8; white king f1, men d2 d3 e1 e2 e3 f2;
/// three men a side in reserve (the pocket); holes `*` at a2 b3 b5 c6 d4 e5 e7 f8.
pub const START: &str = "kp4/ppp2*/1pp1*1/2*3/1*2*1/3*2/1*1PP1/*2PPP/4PK[PPPppp] w - - 0 1";

/// The blocked cells, as grid squares (`rank * 6 + file`): a2 b3 b5 c6 d4 e5 e7 f8.
const HOLES: [u8; 8] = [6, 13, 25, 32, 21, 28, 40, 47];

/// White's six start cells for men, where its reserve men enter, in square order: e1 d2 e2 f2
/// d3 e3. Black's are the same cells turned half round the board (a8 b7 b8 b9 c7 c8).
const WHITE_HOME: [u8; 6] = [4, 9, 10, 11, 15, 16];

/// White's king cell, f1; black's is a9, turned half round.
const WHITE_KING: u8 = 5;

/// How many men a side has in all, on the board and in reserve.
const MEN: u8 = 9;
/// How many of them start in reserve.
const RESERVE: u8 = 3;

/// The 6x9 board with its eight holes.
pub fn geometry() -> &'static Geometry {
    static BOARD: OnceLock<Geometry> = OnceLock::new();
    BOARD.get_or_init(|| {
        Geometry::build(&Shape {
            holes: HOLES.to_vec(),
            pawn_home: Vec::new(),
            ..Shape::rect(6, 9)
        })
    })
}

/// The cell turned half round the board (what black's cells are of white's).
fn turned(geo: &Geometry, sq: u8) -> u8 {
    (geo.squares() - 1) as u8 - sq
}

/// Whether `sq` is one of `color`'s six start cells for men.
fn is_home(geo: &Geometry, color: Color, sq: u8) -> bool {
    WHITE_HOME.iter().any(|&h| match color {
        Color::White => h == sq,
        Color::Black => turned(geo, h) == sq,
    })
}

/// `color`'s king cell, where its king stands all game.
fn king_home(geo: &Geometry, color: Color) -> u8 {
    match color {
        Color::White => WHITE_KING,
        Color::Black => turned(geo, WHITE_KING),
    }
}

/// What a man may move as, from the friendly men around it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Powers {
    /// A friendly man orthogonally next to it.
    rook: bool,
    /// A friendly man diagonally next to it.
    bishop: bool,
    /// A friendly man a knight's move away.
    knight: bool,
}

const ORTHOGONAL: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAGONAL: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// The powers of `color`'s man on `sq` (the king counts for nothing).
fn powers(pos: &Position, color: Color, sq: u8) -> Powers {
    let geo = pos.geo;
    let man = |t: u8| pos.is_color(t, color) && Role::from_code(pos.board[t as usize]) == Some(Role::Pawn);
    let near = |steps: &[(i8, i8)]| steps.iter().any(|&(df, dr)| geo.offset(sq, df, dr).is_some_and(man));
    Powers {
        rook: near(&ORTHOGONAL),
        bishop: near(&DIAGONAL),
        knight: geo.knight.get(sq as usize).iter().any(|&t| man(t)),
    }
}

/// Calls `reach` with every cell `color`'s man on `sq` moves to or takes on, by its powers:
/// slides stop before a hole or a piece (taking it if it is not `color`'s), a knight's
/// move jumps over anything.
fn targets<F: FnMut(u8)>(pos: &Position, color: Color, sq: u8, reach: &mut F) {
    let geo = pos.geo;
    let p = powers(pos, color, sq);
    let mut slide = |dirs: std::ops::Range<usize>| {
        for d in dirs {
            for &t in geo.ray(sq, d) {
                if !pos.is_color(t, color) {
                    reach(t);
                }
                if pos.board[t as usize] != 0 {
                    break;
                }
            }
        }
    };
    if p.rook {
        slide(0..geo.ortho);
    }
    if p.bishop {
        slide(geo.ortho..geo.dirs);
    }
    if p.knight {
        for &t in geo.knight.get(sq as usize) {
            if !pos.is_color(t, color) {
                reach(t);
            }
        }
    }
}

/// Calls `emit` with each move of the side to move before king safety: every man's moves by
/// its powers (square order), then an entry from reserve on each empty start cell.
pub fn moves<F: FnMut(Move)>(pos: &Position, emit: &mut F) {
    let us = pos.turn;
    for (sq, role) in pos.pieces(us) {
        if role == Role::Pawn {
            targets(pos, us, sq, &mut |t| emit(simple(Role::Pawn, sq, t)));
        }
    }
    if pos.pockets[us.index()][Role::Pawn.index()] == 0 {
        return;
    }
    let geo = pos.geo;
    // In square order for both sides: black's cells are white's turned, so taken backwards.
    let homes = (0..WHITE_HOME.len()).map(|i| match us {
        Color::White => WHITE_HOME[i],
        Color::Black => turned(geo, WHITE_HOME[WHITE_HOME.len() - 1 - i]),
    });
    for h in homes.filter(|&h| pos.board[h as usize] == 0) {
        emit(Move {
            role: Role::Pawn,
            from: h,
            to: h,
            promotion: None,
            kind: MoveKind::Drop,
        });
    }
}

/// Whether `by`'s men attack `sq` (a king's cell: kings never move, so never attack).
pub fn attacked(pos: &Position, sq: u8, by: Color) -> bool {
    let mut hit = false;
    for (from, role) in pos.pieces(by) {
        if role == Role::Pawn && !hit {
            targets(pos, by, from, &mut |t| hit |= t == sq);
        }
    }
    hit
}

/// Makes a Chessence move, trusting it is legal: a man moves (taking what stands there) or a
/// reserve man enters. The halfmove clock counts moves since the last capture or entry.
pub fn play(pos: &mut Position, m: &Move) {
    let us = pos.turn;
    let irreversible = if m.kind == MoveKind::Drop {
        let slot = &mut pos.pockets[us.index()][Role::Pawn.index()];
        *slot = slot.saturating_sub(1);
        pos.put(m.to, crate::piece::Piece::new(us, Role::Pawn).code());
        true
    } else {
        let moving = pos.board[m.from as usize];
        let taken = pos.board[m.to as usize] != 0;
        pos.put(m.from, 0);
        pos.put(m.to, moving);
        taken
    };
    pos.ep = None;
    pos.castles = [[None; 2]; 2];
    pos.halfmove = if irreversible { 0 } else { pos.halfmove + 1 };
    if us == Color::Black {
        pos.fullmove += 1;
    }
    pos.turn = us.other();
}

/// Chessence's end: a side with no legal move loses, checkmated or not.
pub fn result(pos: &Position) -> Option<Outcome> {
    if count_legal(pos) > 0 {
        return None;
    }
    let us = pos.turn;
    let reason = if pos.in_check(us) {
        "checkmate".to_string()
    } else {
        format!("{} has no legal move (stalemate), which loses in Chessence", us.name())
    };
    Some(Outcome::win(us.other().index() as u8, reason))
}

/// Why a position read from text cannot stand in Chessence: only kings and men, each king on
/// its own cell, at most three men in reserve and nine in all a side.
pub fn refusal(pos: &Position) -> Option<String> {
    let geo = pos.geo;
    for color in [Color::White, Color::Black] {
        let mut men = 0u8;
        for (sq, role) in pos.pieces(color) {
            match role {
                Role::Pawn => men += 1,
                Role::King if sq == king_home(geo, color) => {}
                Role::King => {
                    return Some(format!(
                        "the {} king stands on {}; in Chessence it never leaves {}",
                        color.name(),
                        geo.name(sq),
                        geo.name(king_home(geo, color))
                    ))
                }
                other => {
                    return Some(format!(
                        "a {} {} on {}: Chessence has only kings and men (P)",
                        color.name(),
                        other.name(),
                        geo.name(sq)
                    ))
                }
            }
        }
        let pocket = &pos.pockets[color.index()];
        if pocket
            .iter()
            .enumerate()
            .any(|(i, &n)| n > 0 && i != Role::Pawn.index())
        {
            return Some(format!("{}'s reserve holds something other than men", color.name()));
        }
        let reserve = pocket[Role::Pawn.index()];
        if reserve > RESERVE {
            return Some(format!(
                "{} has {reserve} men in reserve; Chessence starts with {RESERVE} and never adds any",
                color.name()
            ));
        }
        if men + reserve > MEN {
            return Some(format!(
                "{} has {} men on the board and in reserve; Chessence has {MEN} a side",
                color.name(),
                men + reserve
            ));
        }
    }
    None
}

/// The SAN of a legal Chessence move, without a mark for check or the game's end: `P@d2` for
/// an entry; else `P`, the from-cell's file, rank or both when another man reaches the same
/// cell, `x` for a capture, and the cell.
pub fn san(pos: &Position, legal: &[Move], m: &Move) -> String {
    let geo = pos.geo;
    if m.kind == MoveKind::Drop {
        return format!("P@{}", geo.name(m.to));
    }
    let rivals: Vec<u8> = legal
        .iter()
        .filter(|o| o.kind == MoveKind::Normal && o.to == m.to && o.from != m.from)
        .map(|o| o.from)
        .collect();
    let mut s = String::from("P");
    s.push_str(&crate::san::from_hint(geo, m.from, &rivals));
    if pos.board[m.to as usize] != 0 {
        s.push('x');
    }
    s.push_str(&geo.name(m.to));
    s
}

/// Reads a Chessence move: its SAN (marks `+`, `#`, `!`, `?` ignored; the `P` may be left
/// out, as a PGN reader that takes men for pawns writes them) or UCI (`d3c3`, `P@e2`). A move
/// that is not legal is refused with the reason in Chessence's terms.
pub fn parse(pos: &Position, legal: &[Move], text: &str) -> Result<Move, String> {
    let plain = text.trim().trim_end_matches(['+', '#', '!', '?']);
    let lettered = format!("P{plain}");
    if let Some(m) = legal.iter().find(|m| {
        let written = san(pos, legal, m);
        written == plain || written == lettered
    }) {
        return Ok(*m);
    }
    crate::uci::parse_uci_among(pos, legal, plain).map_err(|_| why_not(pos, plain))
}

/// Why `text`, no legal move, is refused.
fn why_not(pos: &Position, text: &str) -> String {
    let geo = pos.geo;
    let us = pos.turn;
    if let Some((_, cell)) = text.split_once('@') {
        let reserve = pos.pockets[us.index()][Role::Pawn.index()];
        return match geo.parse_square(cell) {
            _ if reserve == 0 => format!("{} has no men in reserve to enter", us.name()),
            Some(sq) if is_home(geo, us, sq) && pos.board[sq as usize] == 0 => {
                format!("entering a man on {cell} would leave the {} king in check", us.name())
            }
            _ => format!("a reserve man enters only on an empty start cell of {}'s", us.name()),
        };
    }
    let Some((from, to, _)) = crate::uci::split_squares(pos, &text.to_ascii_lowercase()) else {
        return format!("'{text}' is not a Chessence move (SAN such as Pc3, P@e2, or UCI such as d3c3)");
    };
    let man = pos.is_color(from, us) && Role::from_code(pos.board[from as usize]) == Some(Role::Pawn);
    if !man {
        if Role::from_code(pos.board[from as usize]) == Some(Role::King) && pos.is_color(from, us) {
            return "kings never move in Chessence".to_string();
        }
        return format!("there is no {} man on {}", us.name(), geo.name(from));
    }
    let p = powers(pos, us, from);
    let mut names = Vec::new();
    for (has, name) in [(p.rook, "rook"), (p.bishop, "bishop"), (p.knight, "knight")] {
        if has {
            names.push(name);
        }
    }
    if names.is_empty() {
        return format!(
            "the man on {} has no friendly man next to it or a knight's move away, so it cannot move",
            geo.name(from)
        );
    }
    let mut reaches = false;
    targets(pos, us, from, &mut |t| reaches |= t == to);
    if reaches {
        format!("that move would leave the {} king in check", us.name())
    } else {
        format!(
            "the man on {} moves only as a {} now and cannot reach {}",
            geo.name(from),
            names.join(" or "),
            geo.name(to)
        )
    }
}
