//! Chad (Christian Freeling, 1979) on 12x12: a king and eight rooks a side in a 3x3 castle
//! ringed by a 12-cell wall. The castles and walls as data, the king's confinement and
//! knight leaps, the capture rule between rooks and queens, promotion in the enemy castle.
//! Check is by plain line of sight; nothing here touches another variant.

use std::sync::OnceLock;

use crate::geometry::{holds, Bits, Geometry};
use crate::piece::{Color, Piece, Role};
use crate::position::{Move, MoveKind, Position};
use crate::shape::Shape;

/// The board: 12x12, no holes (pawns have no home here).
pub fn geometry() -> &'static Geometry {
    static G: OnceLock<Geometry> = OnceLock::new();
    G.get_or_init(|| {
        Geometry::build(&Shape {
            pawn_home: Vec::new(),
            ..Shape::rect(12, 12)
        })
    })
}

/// White's castle is c3-e5 (king on d4), black's h8-j10 (king on i9): point-symmetric.
pub const START: &str = "12/12/7rrr2/7rkr2/7rrr2/12/12/2RRR7/2RKR7/2RRR7/12/12 w - - 0 1";

/// The lowest file and rank of each colour's castle.
const CASTLE_CORNER: [(u8, u8); 2] = [(2, 2), (7, 7)];

/// Per colour, the castle's nine cells and the wall's twelve: the cells beside the castle's
/// sides (not its corners).
struct Zones {
    castle: [Bits; 2],
    wall: [Bits; 2],
}

fn zones() -> &'static Zones {
    static Z: OnceLock<Zones> = OnceLock::new();
    Z.get_or_init(|| {
        let geo = geometry();
        let mut castle = [[0u64; 4]; 2];
        let mut wall = [[0u64; 4]; 2];
        for (c, &(f0, r0)) in CASTLE_CORNER.iter().enumerate() {
            let (f0, r0) = (i16::from(f0), i16::from(r0));
            for f in f0 - 1..=f0 + 3 {
                for r in r0 - 1..=r0 + 3 {
                    let inside_f = (f0..=f0 + 2).contains(&f);
                    let inside_r = (r0..=r0 + 2).contains(&r);
                    let Some(sq) = geo.square(f as u8, r as u8) else {
                        continue;
                    };
                    let set = match (inside_f, inside_r) {
                        (true, true) => &mut castle[c],
                        (true, false) | (false, true) => &mut wall[c],
                        (false, false) => continue,
                    };
                    set[sq as usize / 64] |= 1 << (sq % 64);
                }
            }
        }
        Zones { castle, wall }
    })
}

/// Whether `sq` is a cell of `color`'s castle.
pub fn in_castle(color: Color, sq: u8) -> bool {
    holds(&zones().castle[color.index()], sq)
}

/// Whether `sq` is a cell of `color`'s wall.
pub fn on_wall(color: Color, sq: u8) -> bool {
    holds(&zones().wall[color.index()], sq)
}

/// Whether the pieces may make `m` (a move their patterns give): the king stays in its
/// castle; a rook or queen takes a rook or queen only from the enemy's wall into the enemy's
/// castle, or from its own castle onto its own wall.
pub fn allows(pos: &Position, m: &Move) -> bool {
    let us = pos.turn;
    if m.role == Role::King {
        return in_castle(us, m.to);
    }
    if pos.board[m.to as usize] == 0 {
        return true;
    }
    let them = us.other();
    (on_wall(them, m.from) && in_castle(them, m.to)) || (in_castle(us, m.from) && on_wall(us, m.to))
}

/// The king's knight leaps (its king steps come from chess's generator); `allows` keeps
/// those that stay in the castle.
pub fn extra_moves<F: FnMut(Move)>(pos: &Position, emit: &mut F) {
    let us = pos.turn;
    let Some(king) = pos.kings[us.index()] else {
        return;
    };
    for &to in pos.geo.knight.get(king as usize) {
        if !pos.is_color(to, us) {
            emit(Move {
                role: Role::King,
                from: king,
                to,
                promotion: None,
                kind: MoveKind::Normal,
            });
        }
    }
}

/// After a move: a rook that ends it in the enemy castle becomes a queen.
pub fn after_move(pos: &mut Position, m: &Move) {
    let us = pos.turn;
    if m.role == Role::Rook && in_castle(us.other(), m.to) {
        pos.put(m.to, Piece::new(us, Role::Queen).code());
    }
}

/// Why a position cannot be a Chad position, if it cannot: only kings, rooks and queens,
/// and each king in its own castle.
pub fn refusal(pos: &Position) -> Option<String> {
    for color in [Color::White, Color::Black] {
        for (sq, role) in pos.pieces(color) {
            let name = pos.geo.name(sq);
            if !matches!(role, Role::King | Role::Rook | Role::Queen) {
                return Some(format!(
                    "a {} {} on {name}: Chad has kings, rooks and queens only",
                    color.name(),
                    role.name()
                ));
            }
            if role == Role::King && !in_castle(color, sq) {
                return Some(format!("the {} king on {name} is outside its castle", color.name()));
            }
        }
    }
    None
}
