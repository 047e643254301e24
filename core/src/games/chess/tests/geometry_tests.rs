//! Board geometry beyond 8x8: a 16x12 board and a board whose files wrap around.

use crate::games::chess::geometry::Geometry;

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
