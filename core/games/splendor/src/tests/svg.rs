//! The picture: well-formed SVG whose cells are what the seat to act may name (market cards by
//! id, decks by level, supply gems by letter), with a blind reserve hidden from the others.

use super::{act, state, table};
use crate::Splendor;
use kifu_core::rules::{Rules, View};

/// The `data-cell` names of a picture, checked to be SVG with a viewBox and no inline style.
fn cells(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML ({e}):\n{svg}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    assert!(doc.root_element().attribute("viewBox").is_some());
    assert!(!svg.contains("style="));
    doc.descendants()
        .filter_map(|n| n.attribute("data-cell").map(String::from))
        .collect()
}

#[test]
fn the_market_decks_and_supply_are_cells_and_a_blind_reserve_stays_hidden() {
    let mut r = table(3);
    let start = Splendor::CURRENT.svg(&state(&r, View::Full), View::Public).unwrap();
    let names = cells(&start);
    for name in ["L1", "L2", "L3", "1", "4", "41", "74", "w", "u", "g", "r", "k"] {
        assert!(names.contains(&name.to_string()), "no cell {name} in {names:?}");
    }
    assert!(!names.contains(&"y".to_string()), "gold is never taken");
    assert_eq!(names.len(), 3 + 12 + 5);
    act(&mut r, "p1", "reserve L2");
    act(&mut r, "chance", "draw 50");
    let full = state(&r, View::Full);
    let own = Splendor::CURRENT.svg(&full, View::Seat(0)).unwrap();
    assert!(own.contains(">#50<"), "p1 sees its blind reserve");
    for view in [View::Seat(1), View::Seat(2), View::Public] {
        let other = Splendor::CURRENT.svg(&full, view).unwrap();
        assert!(!other.contains("#50"), "{view:?} sees p1's blind reserve");
        assert!(!cells(&other).contains(&"50".to_string()));
        assert!(other.contains(">reserved<"), "shown face down");
    }
}
