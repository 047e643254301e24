//! The picture: well-formed SVG with a cell for each of the 81 squares, the pieces where the
//! board has them, and Ashton's camps drawn only under Ashton.

use super::{game, play};
use crate::Tablut;
use kifu_core::rules::{Rules, View};

/// The classes drawn inside the cell `name` of a parsed picture.
fn drawn_in(doc: &roxmltree::Document, name: &str) -> Vec<String> {
    let cell = doc
        .descendants()
        .find(|n| n.attribute("data-cell") == Some(name))
        .unwrap_or_else(|| panic!("no cell {name}"));
    cell.descendants()
        .filter_map(|n| n.attribute("class").map(String::from))
        .collect()
}

#[test]
fn every_square_is_a_named_cell_with_its_piece() {
    let mut state = game(&[], None).unwrap();
    play(&mut state, "d1-d3").unwrap();
    let svg = Tablut.svg(&state, View::Public).unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("XML");
    assert!(doc.root_element().attribute("viewBox").is_some());
    assert!(!svg.contains("style="));
    let names: Vec<&str> = doc.descendants().filter_map(|n| n.attribute("data-cell")).collect();
    assert_eq!(names.len(), 81);
    assert_eq!((names[0], names[80]), ("a9", "i1"), "rank 9 first, as the board reads");
    assert!(drawn_in(&doc, "e5").contains(&"pc king".to_string()));
    assert!(drawn_in(&doc, "e4").contains(&"pc white".to_string()));
    assert!(drawn_in(&doc, "d3").contains(&"pc black".to_string()));
    assert!(
        !drawn_in(&doc, "d1").iter().any(|c| c.starts_with("pc")),
        "d1 left empty"
    );
    assert!(drawn_in(&doc, "a1").contains(&"sq corner".to_string()));
    assert!(!svg.contains("sq camp"), "camps are Ashton's");
}

#[test]
fn ashton_draws_its_camps_and_escape_squares() {
    let state = game(&[("rules", "ashton")], None).unwrap();
    let svg = Tablut.svg(&state, View::Public).unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("XML");
    assert!(drawn_in(&doc, "a5").contains(&"sq camp".to_string()));
    assert!(drawn_in(&doc, "b1").contains(&"sq escape".to_string()));
    assert!(drawn_in(&doc, "e5").contains(&"sq throne".to_string()));
}
