//! The general engine's order of legal moves as a sort key, so that the fast path's list is
//! `movegen`'s move for move (the rules, SAN and the listed commands see one order). The key
//! is read from the standard geometry's own move tables; it never decides legality.

use std::sync::OnceLock;

use crate::geometry::Geometry;
use crate::piece::{Color, Role};
use crate::position::{Move, MoveKind};

/// Per (from, to), where `to` comes in the general engine's walk of the piece's moves.
struct Walks {
    /// Sliders: the ray's index (orthogonal rays first) times eight plus the distance.
    slide: [[u8; 64]; 64],
    knight: [[u8; 64]; 64],
    king: [[u8; 64]; 64],
    /// Per colour: 0 the step, 1 the double step, 2 and on the captures in table order.
    pawn: [[[u8; 64]; 64]; 2],
}

fn walks() -> &'static Walks {
    static WALKS: OnceLock<Box<Walks>> = OnceLock::new();
    WALKS.get_or_init(|| {
        let geo = Geometry::standard();
        let mut w = Box::new(Walks {
            slide: [[0; 64]; 64],
            knight: [[0; 64]; 64],
            king: [[0; 64]; 64],
            pawn: [[[0; 64]; 64]; 2],
        });
        for from in 0..64u8 {
            let f = from as usize;
            for d in geo.slides(Role::Queen) {
                for (distance, &to) in geo.ray(from, d).iter().enumerate() {
                    w.slide[f][to as usize] = (d * 8 + distance) as u8;
                }
            }
            for (i, &to) in geo.knight.get(f).iter().enumerate() {
                w.knight[f][to as usize] = i as u8;
            }
            for (i, &to) in geo.king.get(f).iter().enumerate() {
                w.king[f][to as usize] = i as u8;
            }
            for color in [Color::White, Color::Black] {
                let table = &mut w.pawn[color.index()][f];
                if let Some(one) = geo.forward(color, from) {
                    table[one as usize] = 0;
                    if let Some(two) = geo.forward(color, one) {
                        table[two as usize] = 1;
                    }
                }
                for (i, &to) in geo.pawn_attacks(color, from).iter().enumerate() {
                    table[to as usize] = 2 + i as u8;
                }
            }
        }
        w
    })
}

/// The sort key of a legal move of `mover`: pieces by square, each piece's moves in its walk
/// order, promotions queen, rook, bishop, knight; castling last, queenside first.
fn key(walks: &Walks, mover: Color, m: &Move) -> u32 {
    let (from, to) = (m.from as usize, m.to as usize);
    if m.kind == MoveKind::Castle {
        return (64 << 16) | u32::from(m.to % 8 > m.from % 8);
    }
    let within = match m.role {
        Role::Pawn => walks.pawn[mover.index()][from][to],
        Role::Knight => walks.knight[from][to],
        Role::King => walks.king[from][to],
        _ => walks.slide[from][to],
    };
    let promotion = match m.promotion {
        Some(Role::Rook) => 1,
        Some(Role::Bishop) => 2,
        Some(Role::Knight) => 3,
        _ => 0,
    };
    ((from as u32) << 16) | (u32::from(within) << 4) | promotion
}

/// Puts the moves of `mover` in the general engine's order.
pub fn sort(mover: Color, moves: &mut [Move]) {
    let walks = walks();
    moves.sort_unstable_by_key(|m| key(walks, mover, m));
}
