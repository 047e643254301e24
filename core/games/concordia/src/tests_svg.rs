//! The schematic picture: well-formed SVG with a cell for each market slot, province and city
//! as the notation names them, houses drawn in their city, the same for every view (nothing
//! in Concordia is hidden).

use crate::tests::{game, house};
use crate::Concordia;
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
fn every_slot_province_and_city_is_a_cell_and_houses_stand_in_their_city() {
    let mut s = game(3);
    let board = s.board();
    let city = board
        .cities
        .iter()
        .find(|c| c.province.is_some())
        .expect("a city")
        .code
        .clone();
    house(&mut s, 1, &city);
    let svg = Concordia.svg(&s, View::Public).unwrap();
    let names = cells(&svg);
    assert_eq!(
        names.len(),
        s.display.len() + board.provinces.len() + board.cities.len()
    );
    for slot in 1..=s.display.len() {
        assert!(names.contains(&slot.to_string()), "slot {slot}");
    }
    assert!(board.provinces.iter().all(|p| names.contains(&p.name)));
    assert!(board.cities.iter().all(|c| names.contains(&c.code)));
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let cell = doc
        .descendants()
        .find(|n| n.attribute("data-cell") == Some(city.as_str()))
        .unwrap();
    assert!(
        cell.descendants().any(|n| n.attribute("class") == Some("house p2")),
        "p2's house in {city}"
    );
    assert_eq!(Concordia.svg(&s, View::Seat(0)), Some(svg), "nothing is hidden");
}
