//! Boards with holes: rays stop before a hole, leaps never land on one, FEN writes each hole
//! as `*` and refuses anything else there, move generation and rendering skip them.

use crate::fen::{parse_fen_on, to_fen};
use crate::geometry::Geometry;
use crate::movegen::legal_moves;
use crate::render::render_position;
use crate::shape::Shape;
use crate::uci::move_to_uci;
use crate::variant::Variant;

/// A 6x6 board whose c3 and d4 are holes, built once per test run.
fn holed() -> &'static Geometry {
    let mut shape = Shape::rect(6, 6);
    shape.holes = vec![2 * 6 + 2, 3 * 6 + 3];
    Box::leak(Box::new(Geometry::build(&shape)))
}

fn sq(g: &Geometry, name: &str) -> u8 {
    g.parse_square(name).unwrap_or(255)
}

#[test]
fn holes_are_not_cells() {
    let g = holed();
    assert!(!g.has(14) && !g.has(21));
    assert_eq!(g.parse_square("c3"), None);
    assert_eq!(g.parse_square("d4"), None);
    assert_eq!(g.square(2, 2), None);
    assert_eq!(g.parse_square("c4"), Some(20));
    assert_eq!(g.offset(sq(g, "b3"), 1, 0), None, "one step east of b3 is the hole c3");
    assert!(
        g.ray(14, 0).is_empty() && g.knight.get(14).is_empty(),
        "a hole has no moves"
    );
}

#[test]
fn rays_stop_before_holes_and_leaps_skip_them() {
    let g = holed();
    let names = |list: &[u8]| list.iter().map(|&s| g.name(s)).collect::<Vec<_>>();
    // Directions: 0 north, 1 south, 2 east, 3 west, then north-east, north-west, ...
    assert_eq!(names(g.ray(sq(g, "a3"), 2)), ["b3"]);
    assert_eq!(names(g.ray(sq(g, "c1"), 0)), ["c2"]);
    assert_eq!(names(g.ray(sq(g, "a1"), 4)), ["b2"], "the long diagonal is cut at c3");
    assert_eq!(names(g.ray(sq(g, "f6"), 7)), ["e5"], "and from the other end at d4");
    assert!(g.ray(sq(g, "b4"), 6).is_empty(), "south-east of b4 is the hole c3");
    let knight = names(g.knight.get(sq(g, "b1") as usize));
    assert!(!knight.contains(&"c3".to_string()));
    assert_eq!(knight.len(), 2, "a3 and d2: c3 is a hole; got {knight:?}");
    let king = names(g.king.get(sq(g, "c2") as usize));
    assert_eq!(king.len(), 7, "c2's eight neighbours less the hole c3: {king:?}");
    let knight_e2 = names(g.knight.get(sq(g, "e2") as usize));
    assert_eq!(knight_e2, ["f4", "c1"], "c3 and d4 are holes");
}

#[test]
fn fen_writes_and_reads_holes_as_stars() {
    let g = holed();
    let fen = "2k3/6/3*2/R1*3/6/5K w - - 0 1";
    let pos = parse_fen_on(Variant::Standard, g, fen);
    assert_eq!(pos.as_ref().map(to_fen), Ok(fen.to_string()));
    let Ok(pos) = pos else { return };
    let mut rook: Vec<String> = legal_moves(&pos)
        .iter()
        .filter(|m| m.from == sq(g, "a3"))
        .map(|m| move_to_uci(&pos, m))
        .collect();
    rook.sort();
    assert_eq!(
        rook,
        ["a3a1", "a3a2", "a3a4", "a3a5", "a3a6", "a3b3"],
        "the rook stops before the hole c3"
    );
    let board = render_position(&pos);
    assert!(board.contains(" 3  R .   . . ."), "the hole is blank:\n{board}");
    for (bad, why) in [
        ("2k3/6/6/R1*3/6/5K w - - 0 1", "d4 covered by a count"),
        ("2k3/6/3Q2/R1*3/6/5K w - - 0 1", "a piece on the hole d4"),
        ("2k3/*5/3*2/R1*3/6/5K w - - 0 1", "a star on the cell a5"),
        ("2k3/6/3*2/R1*3/6/4K w - - 0 1", "a short rank"),
        ("2k3/6/3*~2/R1*3/6/5K w - - 0 1", "a promoted marker on a hole"),
    ] {
        let got = parse_fen_on(Variant::Standard, g, bad);
        assert!(got.is_err(), "{why}: {bad} was read");
    }
    let err = parse_fen_on(Variant::Standard, g, "2k3/6/6/R1*3/6/5K w - - 0 1")
        .err()
        .unwrap_or_default();
    assert!(err.contains("hole"), "the reason names the hole: {err}");
}

#[test]
fn drops_never_land_on_holes() {
    let g = holed();
    let pos = parse_fen_on(Variant::Crazyhouse, g, "k5/6/3*2/2*3/6/5K[Q] w - - 0 1");
    let Ok(pos) = pos else {
        panic!("{pos:?}");
    };
    let drops = legal_moves(&pos).iter().filter(|m| m.from == m.to).count();
    assert_eq!(drops, 36 - 2 - 2, "every cell but the two holes and the two kings");
}

#[test]
fn balbo_board_has_seventy_cells() {
    // Balbo's chess: ranks of 3, 5, 7, 9, 11, 11, 9, 7, 5, 3 cells centred on 11 files.
    let lengths = [3u8, 5, 7, 9, 11, 11, 9, 7, 5, 3];
    let mut shape = Shape::rect(11, 10);
    shape.holes = (0..110u8)
        .filter(|&s| {
            let (file, rank) = (s % 11, s / 11);
            let len = lengths[rank as usize];
            let first = (11 - len) / 2;
            file < first || file >= first + len
        })
        .collect();
    assert_eq!(shape.holes, crate::boards::balbo_shape().holes, "the registered board");
    let g = Geometry::build(&shape);
    assert_eq!((0..110u8).filter(|&s| g.has(s)).count(), 70);
    assert_eq!(g.parse_square("a1"), None);
    assert!(g.parse_square("e1").is_some() && g.parse_square("a5").is_some());
    // A rook on f1 runs up the f-file to f10 and along the first rank only to e1 and g1.
    let f1 = g.parse_square("f1").unwrap_or(255);
    assert_eq!(g.ray(f1, 0).len(), 9);
    assert_eq!(g.ray(f1, 2).len() + g.ray(f1, 3).len(), 2);
}

#[test]
fn castling_never_crosses_a_hole() {
    let mut shape = Shape::rect(8, 8);
    shape.holes = vec![1];
    let g: &'static Geometry = Box::leak(Box::new(Geometry::build(&shape)));
    let pos = parse_fen_on(Variant::Standard, g, "r3k2r/8/8/8/8/8/8/R*2K2R w KQkq - 0 1");
    let Ok(pos) = pos else {
        panic!("{pos:?}");
    };
    let castles: Vec<String> = legal_moves(&pos)
        .iter()
        .filter(|m| m.kind == crate::MoveKind::Castle)
        .map(|m| move_to_uci(&pos, m))
        .collect();
    assert_eq!(castles, ["e1g1"], "the queenside path runs over the hole b1");
}

#[test]
fn huge_empty_runs_are_refused_without_overflow() {
    let g = holed();
    for fen in [
        "2k3/6/3*2/R4294967295/6/5K w - - 0 1",
        "2k3/6/3*2/R1*4294967295/6/5K w - - 0 1",
    ] {
        assert!(parse_fen_on(Variant::Standard, g, fen).is_err(), "{fen}");
    }
    let plain = crate::fen::parse_fen(Variant::Standard, "4k3/8/8/8/8/8/8/K4294967295 w - - 0 1");
    assert!(plain.is_err());
}
