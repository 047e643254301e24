//! Board geometry beyond 8x8: a 16x12 board, boards whose files or ranks wrap around.

use crate::geometry::Geometry;
use crate::piece::Color;
use crate::shape::Shape;

#[test]
fn large_board_rays_and_leaps() {
    let g = Geometry::new(16, 12, false);
    assert_eq!(g.squares(), 192);
    let a1 = g.parse_square("a1").unwrap_or(255);
    assert_eq!(a1, 0);
    let p12 = g.parse_square("p12");
    assert_eq!(p12, Some(191));
    assert_eq!(g.parse_square("q1"), None);
    assert_eq!(g.parse_square("a13"), None);
    assert_eq!(g.ray(a1, 2).len(), 15, "east along the first rank");
    assert_eq!(g.ray(a1, 0).len(), 11, "north up the a-file");
    assert_eq!(g.ray(a1, 4).len(), 11, "north-east diagonal");
    assert_eq!(g.knight.get(a1 as usize).len(), 2);
    assert_eq!(g.name(191), "p12");
}

#[test]
fn wrapped_files_join_the_edges() {
    let g = Geometry::new(8, 8, true);
    let a1 = 0;
    let h1 = g.parse_square("h1").unwrap_or(255);
    assert!(g.king.get(a1).contains(&h1), "a1 and h1 are neighbours on a cylinder");
    assert_eq!(
        g.ray(a1 as u8, 2).len(),
        7,
        "the ray east stops before coming back to a1"
    );
    assert_eq!(g.knight.get(a1).len(), 4);
    let flat = Geometry::new(8, 8, false);
    assert!(!flat.king.get(a1).contains(&h1));
}

#[test]
fn wrapped_ranks_join_the_first_and_last_rank() {
    let shape = Shape {
        wrap_ranks: true,
        ..Shape::rect(8, 8)
    };
    let g = Geometry::build(&shape);
    let at = |name: &str| g.parse_square(name).unwrap_or(255);
    let names = |list: &[u8]| list.iter().map(|&s| g.name(s)).collect::<Vec<_>>();
    let a1 = at("a1");
    assert!(g.king.get(a1 as usize).contains(&at("a8")), "a1 and a8 are neighbours");
    assert!(g.king.get(a1 as usize).contains(&at("b8")));
    assert!(!g.king.get(a1 as usize).contains(&at("h1")), "files do not wrap");
    assert_eq!(
        names(g.ray(a1, 1)),
        ["a8", "a7", "a6", "a5", "a4", "a3", "a2"],
        "south from a1 goes round and stops before coming back"
    );
    assert_eq!(names(g.ray(at("c7"), 4)), ["d8", "e1", "f2", "g3", "h4"]);
    assert_eq!(names(g.knight.get(a1 as usize)), ["b3", "c2", "c8", "b7"]);
    assert_eq!(g.forward(Color::White, at("e8")), Some(at("e1")));
    assert_eq!(names(g.pawn_attacks(Color::Black, at("d1"))), ["e8", "c8"]);
    assert_eq!(
        g.promotion, [[0; 4]; 2],
        "no cell is the last of its file on a rank cylinder"
    );
    let torus = Geometry::build(&Shape {
        wrap_files: true,
        wrap_ranks: true,
        ..Shape::rect(8, 8)
    });
    assert_eq!(
        torus.king.get(0).len(),
        8,
        "every square of a torus has eight neighbours"
    );
    assert_eq!(torus.ray(0, 4).len(), 7, "the a1-h8 diagonal closes on itself");
}
