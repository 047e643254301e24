//! The boards and start positions of the fairy variants that do not play on the standard
//! 8x8: Los Alamos (6x6, no pawn double steps), the vertical cylinder, Glinski's hexagons,
//! Congo's 7x7.
//! Built once, on first use.

use std::sync::OnceLock;

use crate::geometry::Geometry;
use crate::piece::{Color, Piece, Role};
use crate::shape::Shape;
use crate::variant::Variant;

pub fn geometry(v: Variant) -> &'static Geometry {
    static LOS_ALAMOS: OnceLock<Geometry> = OnceLock::new();
    static CYLINDER: OnceLock<Geometry> = OnceLock::new();
    static GLINSKI: OnceLock<Geometry> = OnceLock::new();
    static CONGO: OnceLock<Geometry> = OnceLock::new();
    match v {
        Variant::LosAlamos => LOS_ALAMOS.get_or_init(|| {
            Geometry::build(&Shape {
                pawn_home: Vec::new(),
                ..Shape::rect(6, 6)
            })
        }),
        Variant::Cylinder => CYLINDER.get_or_init(|| Geometry::new(8, 8, true)),
        Variant::Glinski => GLINSKI.get_or_init(|| Geometry::build(&Shape::glinski())),
        Variant::CylinderRanks => super::horizontal_cylinder::geometry(),
        Variant::DoubleChess => super::doublechess::geometry(),
        Variant::Chad => super::chad::geometry(),
        // Congo: 7x7, the river on the fourth rank is a property of the rules (`congo`).
        Variant::Congo => CONGO.get_or_init(|| {
            Geometry::build(&Shape {
                pawn_home: Vec::new(),
                ..Shape::rect(7, 7)
            })
        }),
        Variant::Masonic => super::masonic::geometry(),
        Variant::Chessence => super::chessence::geometry(),
        Variant::Stratomic => super::stratomic::geometry(),
        _ => Geometry::standard(),
    }
}

/// The start FEN of a variant whose array is not the standard one.
pub fn start_fen(v: Variant) -> &'static str {
    match v {
        Variant::LosAlamos => "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1",
        Variant::Dunsany => "pppppppp/pppppppp/pppppppp/pppppppp/8/8/PPPPPPPP/RNBQKBNR b KQ - 0 1",
        Variant::Glinski => glinski_fen(),
        Variant::DoubleChess => super::doublechess::START,
        Variant::Chad => super::chad::START,
        // Freeling's array: giraffe, monkey, elephant, lion, elephant, crocodile, zebra.
        Variant::Congo => "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w - - 0 1",
        Variant::Masonic => super::masonic::START,
        Variant::Chessence => super::chessence::START,
        Variant::Portal => super::portal::START,
        Variant::Stratomic => super::stratomic::START,
        _ => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    }
}

/// Glinski's array (white; black's mirrors it in each file): Kg1 Qe1 Rc1 Ri1 Nd1 Nh1 Bf1
/// Bf2 Bf3, pawns b1 c2 d3 e4 f5 g4 h3 i2 k1; black Kg10 Qe10 Rc8 Ri8 Nd9 Nh9 Bf11 Bf10
/// Bf9, pawns b7 to k7.
fn glinski_fen() -> &'static str {
    static FEN: OnceLock<String> = OnceLock::new();
    FEN.get_or_init(|| {
        let geo = geometry(Variant::Glinski);
        let mut board = [None; 256];
        let white = [
            ("g1", Role::King),
            ("e1", Role::Queen),
            ("c1", Role::Rook),
            ("i1", Role::Rook),
            ("d1", Role::Knight),
            ("h1", Role::Knight),
            ("f1", Role::Bishop),
            ("f2", Role::Bishop),
            ("f3", Role::Bishop),
        ];
        let pawns = ["b1", "c2", "d3", "e4", "f5", "g4", "h3", "i2", "k1"];
        let placed = white.iter().copied().chain(pawns.iter().map(|&p| (p, Role::Pawn)));
        for (name, role) in placed {
            if let Some(sq) = geo.parse_square(name) {
                board[sq as usize] = Some(Piece::new(Color::White, role));
                // Black's piece stands at the top of the same file, as far down from it.
                let top = (0..geo.height).rev().find_map(|r| geo.square(geo.file(sq), r));
                let foot = (0..geo.height).find_map(|r| geo.square(geo.file(sq), r));
                if let (Some(top), Some(foot)) = (top, foot) {
                    let mirrored = top - (sq - foot);
                    board[mirrored as usize] = Some(Piece::new(Color::Black, role));
                }
            }
        }
        let mut rows = Vec::new();
        for rank in (0..geo.height).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..geo.width {
                let sq = rank * geo.width + file;
                let cell = if geo.has(sq) {
                    board[sq as usize].map(|p| p.fen_char())
                } else {
                    Some('*')
                };
                match cell {
                    None => empty += 1,
                    Some(c) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(c);
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        format!("{} w - - 0 1", rows.join("/"))
    })
}
