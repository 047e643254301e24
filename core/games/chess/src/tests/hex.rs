//! Glinski's hexagonal board as a geometry: its cells and names, the hexagonal direction
//! sets, the mobility of each piece from the centre, and pawn pushes and captures, checked
//! against published descriptions of the game.
//!
//! Sources for the facts asserted:
//! - Wikipedia, "Gliński's hexagonal chess" (as mirrored at
//!   image.absoluteastronomy.com/topics/Glinski's_hexagonal_chess): 91 cells, 11 files a-l
//!   without j; ranks 1-6 have 11 cells each, rank 7 has 9, rank 8 has 7, and so on, rank 11
//!   is f11 alone.
//! - vvvvv.narod.ru/Chess/GlinskiHexChess.html: files a and l have 6 cells, the central
//!   file 11, cells numbered from the foot of each file; pawns capture obliquely forward,
//!   "from b5 to a5 and c6"; no castling; a pawn promotes on the last cell of its file.
//! - The HexChess rules of the Zillions package at chessvariants.com (rvotm1): a hex has 12
//!   neighbours, 6 orthogonal and 6 diagonal; pawns promote on the eleven hexes of the
//!   opposite border.
//!
//! The mobility figures from the centre f6 follow from those descriptions: six orthogonal
//! rays of five cells (rook 30), six diagonal rays of two cells, a diagonal step crossing
//! two files or rising one and a half cells (bishop 12), queen 30 + 12 = 42, and the
//! knight's and king's twelve targets all on the board.

use crate::fen::{parse_fen_on, to_fen};
use crate::geometry::{holds, Geometry};
use crate::movegen::legal_moves;
use crate::piece::{Color, Piece, Role};
use crate::position::Position;
use crate::san::{move_to_san, parse_move};
use crate::shape::Shape;
use crate::uci::move_to_uci;
use crate::variant::Variant;

fn glinski() -> &'static Geometry {
    Box::leak(Box::new(Geometry::build(&Shape::glinski())))
}

fn at(g: &Geometry, name: &str) -> u8 {
    g.parse_square(name).unwrap_or(255)
}

fn names(g: &Geometry, list: &[u8]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|&s| g.name(s)).collect();
    v.sort();
    v
}

#[test]
fn glinski_cells_files_and_ranks() {
    let g = glinski();
    let cells: Vec<u8> = (0..g.squares() as u8).filter(|&s| g.has(s)).collect();
    assert_eq!(cells.len(), 91);
    let per_file: Vec<usize> = "abcdefghikl"
        .chars()
        .map(|f| {
            (1..=11)
                .filter(|n| g.parse_square(&format!("{f}{n}")).is_some())
                .count()
        })
        .collect();
    assert_eq!(per_file, [6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6]);
    let per_rank: Vec<usize> = (1..=11)
        .map(|n| cells.iter().filter(|&&s| g.name(s)[1..] == n.to_string()).count())
        .collect();
    assert_eq!(per_rank, [11, 11, 11, 11, 11, 11, 9, 7, 5, 3, 1]);
    assert_eq!(g.parse_square("j1"), None, "there is no j-file");
    assert_eq!(g.parse_square("a7"), None);
    assert_eq!(g.parse_square("l7"), None);
    assert_eq!(g.parse_square("f12"), None);
    for name in ["a1", "a6", "f1", "f11", "l1", "l6", "k7"] {
        assert_eq!(g.parse_square(name).map(|s| g.name(s)), Some(name.to_string()));
    }
}

#[test]
fn glinski_centre_mobility() {
    let g = glinski();
    let f6 = at(g, "f6");
    let ortho: usize = (0..g.ortho).map(|d| g.ray(f6, d).len()).sum();
    let diag: usize = (g.ortho..g.dirs).map(|d| g.ray(f6, d).len()).sum();
    assert_eq!(
        (g.ortho, g.dirs - g.ortho),
        (6, 6),
        "six orthogonal and six diagonal directions"
    );
    assert_eq!(ortho, 30, "rook on f6");
    assert_eq!(diag, 12, "bishop on f6");
    assert_eq!(ortho + diag, 42, "queen on f6");
    assert_eq!(g.knight.get(f6 as usize).len(), 12, "knight on f6");
    assert_eq!(g.king.get(f6 as usize).len(), 12, "king on f6");
    assert_eq!(
        names(g, g.ray(f6, 0)),
        ["f10", "f11", "f7", "f8", "f9"],
        "up the f-file"
    );
    // The six cells sharing an edge with f6, and the six through its corners.
    let near: Vec<u8> = (0..g.ortho).filter_map(|d| g.ray(f6, d).first().copied()).collect();
    assert_eq!(names(g, &near), ["e5", "e6", "f5", "f7", "g5", "g6"]);
    let corner: Vec<u8> = (g.ortho..g.dirs)
        .filter_map(|d| g.ray(f6, d).first().copied())
        .collect();
    assert_eq!(names(g, &corner), ["d5", "e4", "e7", "g4", "g7", "h5"]);
    // From the corner a1 a rook sees up the a-file, along rank 1 and up the long line to
    // the far corner; a knight has four jumps.
    let a1 = at(g, "a1");
    let rook: usize = (0..g.ortho).map(|d| g.ray(a1, d).len()).sum();
    assert_eq!(rook, 5 + 5 + 10);
    assert_eq!(names(g, g.knight.get(a1 as usize)), ["b4", "c4", "d2", "d3"]);
}

#[test]
fn glinski_pawns() {
    let g = glinski();
    let b5 = at(g, "b5");
    assert_eq!(names(g, g.pawn_attacks(Color::White, b5)), ["a5", "c6"]);
    assert_eq!(names(g, g.pawn_attacks(Color::Black, b5)), ["a4", "c5"]);
    assert_eq!(g.forward(Color::White, b5).map(|s| g.name(s)), Some("b6".to_string()));
    let homes = |c: Color| {
        let list: Vec<u8> = (0..g.squares() as u8)
            .filter(|&s| holds(&g.pawn_home[c.index()], s))
            .collect();
        names(g, &list)
    };
    assert_eq!(
        homes(Color::White),
        ["b1", "c2", "d3", "e4", "f5", "g4", "h3", "i2", "k1"]
    );
    assert_eq!(
        homes(Color::Black),
        ["b7", "c7", "d7", "e7", "f7", "g7", "h7", "i7", "k7"]
    );
    let promo = |c: Color| {
        (0..g.squares() as u8)
            .filter(|&s| holds(&g.promotion[c.index()], s))
            .count()
    };
    assert_eq!((promo(Color::White), promo(Color::Black)), (11, 11));
    assert!(holds(&g.promotion[0], at(g, "f11")) && holds(&g.promotion[0], at(g, "l6")));
    assert!(holds(&g.promotion[1], at(g, "a1")) && holds(&g.promotion[1], at(g, "f1")));
}

/// Kings on a2 and l5, off every line through f6; a white queen on f6 and pawns on f5 and
/// e9, a black knight on g5.
fn position(g: &'static Geometry) -> Position {
    let mut pos = Position::empty_on(Variant::Standard, g);
    for (name, color, role) in [
        ("a2", Color::White, Role::King),
        ("l5", Color::Black, Role::King),
        ("f6", Color::White, Role::Queen),
        ("f5", Color::White, Role::Pawn),
        ("e9", Color::White, Role::Pawn),
        ("g5", Color::Black, Role::Knight),
    ] {
        pos.put(at(g, name), Piece::new(color, role).code());
    }
    pos.find_kings();
    pos
}

#[test]
fn glinski_moves_and_fen() {
    let g = glinski();
    let pos = position(g);
    let moves = legal_moves(&pos);
    let from = |name: &str| -> Vec<String> {
        let mut v: Vec<String> = moves
            .iter()
            .filter(|m| m.from == at(g, name))
            .map(|m| move_to_uci(&pos, m))
            .collect();
        v.sort();
        v
    };
    assert_eq!(
        from("f6").len(),
        42 - 5 - 4,
        "the queen's 42 less f5..f1 behind its own pawn and the four cells beyond the knight on g5"
    );
    assert_eq!(
        from("f5"),
        ["f5g5"],
        "the pawn is blocked by the queen and takes the knight on g5"
    );
    assert_eq!(
        from("e9"),
        ["e9e10b", "e9e10n", "e9e10q", "e9e10r"],
        "e10 is the last cell of the e-file"
    );
    let fen = to_fen(&pos);
    assert_eq!(fen.matches('*').count(), 121 - 91);
    assert_eq!(fen.split(' ').next().map(|b| b.split('/').count()), Some(11));
    let back = parse_fen_on(Variant::Standard, g, &fen).map(|p| to_fen(&p));
    assert_eq!(back, Ok(fen));
}

/// Glinski's set-up: white K g1, Q e1, R c1 i1, B f1 f2 f3, N d1 h1, pawns b1 c2 d3 e4 f5
/// g4 h3 i2 k1; black the same reflected in rank 6 (K g10, Q e10, R c8 i8, B f11 f10 f9,
/// N d9 h9, pawns b7..k7).
fn start(g: &'static Geometry) -> Position {
    let mut pos = Position::empty_on(Variant::Standard, g);
    let white = [
        ("g1", Role::King),
        ("e1", Role::Queen),
        ("c1", Role::Rook),
        ("i1", Role::Rook),
        ("f1", Role::Bishop),
        ("f2", Role::Bishop),
        ("f3", Role::Bishop),
        ("d1", Role::Knight),
        ("h1", Role::Knight),
    ];
    for (name, role) in white {
        let cell = at(g, name);
        pos.put(cell, Piece::new(Color::White, role).code());
        // Reflect in rank 6: the n-th cell of a file from the foot becomes the n-th from the top.
        let file = &name[..1];
        let len = (1..=11)
            .filter(|n| g.parse_square(&format!("{file}{n}")).is_some())
            .count();
        let n: usize = name[1..].parse().unwrap_or(0);
        pos.put(
            at(g, &format!("{file}{}", len + 1 - n)),
            Piece::new(Color::Black, role).code(),
        );
    }
    for name in ["b1", "c2", "d3", "e4", "f5", "g4", "h3", "i2", "k1"] {
        pos.put(at(g, name), Piece::new(Color::White, Role::Pawn).code());
    }
    for f in "bcdefghik".chars() {
        pos.put(at(g, &format!("{f}7")), Piece::new(Color::Black, Role::Pawn).code());
    }
    pos.find_kings();
    pos
}

#[test]
fn glinski_start_position_moves() {
    // Per-piece move counts in the start position, from the test of jaycoskey/Glinski
    // (tests/test_board.py, test_init_piece_move_counts): K 2, Q 6, R 3+3, B 2+8+2, N 4+4,
    // P 2*8+1, 51 in all (the same for each side).
    let g = glinski();
    let pos = start(g);
    assert_eq!(g.name(pos.kings[1].unwrap_or(0)), "g10");
    let fen = to_fen(&pos);
    let read = parse_fen_on(Variant::Standard, g, &fen);
    assert_eq!(
        read.as_ref().map(to_fen),
        Ok(fen.clone()),
        "the start position reads back"
    );
    let moves = legal_moves(&pos);
    let count = |role: Role| moves.iter().filter(|m| m.role == role).count();
    let counts = [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ]
    .map(count);
    assert_eq!(counts, [2, 6, 6, 12, 8, 17]);
    assert_eq!(moves.len(), 51);
    let mut black = pos.clone();
    black.turn = Color::Black;
    assert_eq!(legal_moves(&black).len(), 51, "black's army mirrors white's");
}

/// Real Glinski games (see the fixture's header) replay move by move: every recorded move is
/// one of the engine's legal moves, and the fool's mate ends in checkmate. On the way every
/// legal move's SAN (Glinski cell names) reads back as that move.
#[test]
fn glinski_games_replay() {
    let text = include_str!("../../../../../fixtures/chess/glinski/games.txt");
    let g = glinski();
    let mut games = 0;
    let mut plies = 0;
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let mut pos = start(g);
        let mates = line.trim_end().ends_with('#');
        let mut last_san = String::new();
        for (i, word) in line.split_whitespace().filter(|w| *w != "#").enumerate() {
            let legal = legal_moves(&pos);
            let Some(m) = legal.iter().find(|m| move_to_uci(&pos, m) == word) else {
                let all: Vec<String> = legal.iter().map(|m| move_to_uci(&pos, m)).collect();
                panic!("game {}, ply {}: {word} is not legal; legal: {all:?}", games + 1, i + 1);
            };
            for other in &legal {
                let san = move_to_san(&pos, other);
                assert_eq!(parse_move(&pos, &san).as_ref(), Ok(other), "SAN {san} reads back");
            }
            last_san = move_to_san(&pos, m);
            pos.play(m);
            plies += 1;
        }
        if mates {
            assert_eq!(last_san, "Qxf9#", "Glinski's score: 4. Qc3xBf9#");
        }
        let stuck = legal_moves(&pos).is_empty();
        assert_eq!(
            stuck && pos.in_check(pos.turn),
            mates,
            "game {} ends as recorded",
            games + 1
        );
        games += 1;
    }
    assert_eq!((games, plies), (4, 53 + 80 + 74 + 7));
}
