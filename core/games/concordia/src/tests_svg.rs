//! The schematic picture: well-formed SVG with a cell for each market slot, province and city
//! as the notation names them, houses drawn in their city; a hand shown only to its seat.

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
    assert!(!svg.contains("Tribune"), "the public sees no hand:\n{svg}");
    assert!(svg.contains("7 hidden card(s)"));
    let mine = Concordia.svg(&s, View::Seat(0)).unwrap();
    assert_eq!(mine.matches("7 hidden card(s)").count(), 2, "p2's and p3's hands");
    assert!(mine.contains("hand Tribune, Architect"), "p1 sees its own hand");
}

#[test]
fn views_hide_other_hands_and_their_scores_but_keep_sizes_and_played_cards() {
    let mut s = game(3);
    crate::tests::play(&mut s, 0, "prefect cash").unwrap();
    crate::tests::give(&mut s, 1, 1, "Farmer");
    let public = Concordia.render(&s, View::Public);
    assert!(!public.contains("hand Tribune"), "{public}");
    assert!(
        public.contains("6 hidden card(s); discard top Prefect (1 played)"),
        "{public}"
    );
    assert!(
        public.contains("8 hidden card(s)"),
        "p2's bought Farmer counts, unnamed"
    );
    assert_eq!(public.matches("score now hidden").count(), 3);
    let p2 = Concordia.render(&s, View::Seat(1));
    assert!(
        p2.contains("hand Tribune, Architect, Prefect, Prefect, Mercator, Senator, Diplomat, Farmer"),
        "{p2}"
    );
    assert_eq!(p2.matches("score now hidden").count(), 2);
    let full = Concordia.render(&s, View::Full);
    assert!(!full.contains("hidden"), "{full}");
    let json = Concordia.state_json(&s, View::Seat(1));
    assert!(json["players"][0]["hand"].is_null());
    assert_eq!(json["players"][0]["hand_size"], 6);
    assert_eq!(json["players"][0]["discard"].as_array().unwrap().len(), 1);
    assert_eq!(json["players"][1]["hand"].as_array().unwrap().len(), 8);
    assert!(json["scores"][0].is_null() && json["scores"][1].is_object());
    let full = Concordia.state_json(&s, View::Full);
    assert_eq!(full["players"][0]["hand"].as_array().unwrap().len(), 6);
}
