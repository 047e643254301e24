//! End-to-end: `kifu show --svg` and `kifu export --format svg` draw the position of every game
//! as a well-formed SVG picture (parsed here with an XML parser), with a `data-cell` group for
//! every cell a move can name, and what the position holds drawn in it.

use kifu_e2e::Session;

fn new(s: &Session, args: &[&str]) -> String {
    s.ok(args).trim().to_string()
}

/// The picture parsed: its root is `<svg>`; returns the `data-cell` names in document order.
fn cells(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML ({e}):\n{svg}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(root.tag_name().namespace(), Some("http://www.w3.org/2000/svg"));
    assert!(root.attribute("viewBox").is_some(), "no viewBox");
    doc.descendants()
        .filter_map(|n| n.attribute("data-cell").map(String::from))
        .collect()
}

/// The element classes drawn inside the cell `name`.
fn drawn_in(svg: &str, name: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let cell = doc
        .descendants()
        .find(|n| n.attribute("data-cell") == Some(name))
        .unwrap_or_else(|| panic!("no cell {name}"));
    cell.descendants()
        .filter_map(|n| n.attribute("class").map(String::from))
        .collect()
}

#[test]
fn chess_and_its_variants_are_drawn_square_by_square() {
    let s = Session::new();
    let id = new(&s, &["new", "chess", "-p", "Ann", "-p", "Ben"]);
    s.ok(&["play", &id, "e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7"]);
    let svg = s.ok(&["show", &id, "--svg"]);
    let names = cells(&svg);
    assert_eq!(names.len(), 64);
    assert!(names.contains(&"a1".to_string()) && names.contains(&"h8".to_string()));
    assert!(
        drawn_in(&svg, "f7").contains(&"pc white".to_string()),
        "the queen on f7"
    );
    assert!(
        drawn_in(&svg, "e8").iter().any(|c| c.contains("check")),
        "the king in check"
    );
    assert!(
        !drawn_in(&svg, "e2").iter().any(|c| c.starts_with("pc")),
        "e2 is empty after e4"
    );
    // At an entry, and through export (the format named in any case, or by -o's extension).
    let start = s.ok(&["export", &id, "--format", "SVG", "--at", "0"]);
    assert!(
        drawn_in(&start, "e2").contains(&"pc white".to_string()),
        "the start position"
    );
    let file = s.path("board.svg");
    s.ok(&["export", &id, "--at", "1", "-o", file.to_str().unwrap()]);
    let after_e4 = std::fs::read_to_string(&file).unwrap();
    assert!(drawn_in(&after_e4, "e4").contains(&"pc white".to_string()));
    let zh = new(&s, &["new", "crazyhouse"]);
    s.ok(&["play", &zh, "e4", "d5", "exd5", "Qxd5"]);
    let svg = s.ok(&["show", &zh, "--svg"]);
    assert_eq!(cells(&svg).len(), 64);
    assert!(svg.contains("white pocket"), "the pockets are drawn");
}

#[test]
fn senet_is_drawn_as_an_s_of_thirty_squares() {
    let s = Session::new();
    let id = new(&s, &["new", "senet"]);
    s.ok(&["play", &id, "1"]);
    let svg = s.ok(&["show", &id, "--svg"]);
    let names = cells(&svg);
    assert_eq!(names.len(), 30);
    // The start: pieces alternate on squares 1-10, p1 (round) on the odd ones.
    assert!(drawn_in(&svg, "1").contains(&"piece p1".to_string()));
    assert!(drawn_in(&svg, "2").contains(&"piece p2".to_string()));
    assert!(!drawn_in(&svg, "11").iter().any(|c| c.starts_with("piece")));
}

#[test]
fn renju_marks_the_point_forbidden_to_black() {
    let s = Session::new();
    let id = new(&s, &["new", "renju", "-p", "Kim", "-p", "Lee"]);
    // Black h8 i8 j9 j10: j8 would make two open threes at once.
    s.ok(&["play", &id, "h8", "a1", "i8", "c1", "j9", "e1", "j10", "g1"]);
    let svg = s.ok(&["show", &id, "--svg"]);
    assert_eq!(cells(&svg).len(), 225);
    assert!(
        drawn_in(&svg, "j8").contains(&"forbidden".to_string()),
        "j8 is forbidden"
    );
    assert!(svg.contains("forbidden to black: double-three"));
    assert!(drawn_in(&svg, "h8").contains(&"stone black".to_string()));
    assert!(
        drawn_in(&svg, "g1").contains(&"last-mark".to_string()),
        "the last stone"
    );
    let gomoku = new(&s, &["new", "gomoku"]);
    assert!(!cells(&s.ok(&["show", &gomoku, "--svg"])).is_empty());
}

#[test]
fn condottiere_draws_the_map_and_hides_the_hands_a_view_may_not_see() {
    let s = Session::new();
    let id = new(&s, &["new", "condottiere", "-p", "Ada", "-p", "Bo", "-p", "Cy"]);
    let svg = s.ok(&["show", &id, "--svg"]);
    let names = cells(&svg);
    assert_eq!(names.len(), 17);
    assert!(names.contains(&"Roma".to_string()) && names.contains(&"Venezia".to_string()));
    let seeded = new(&s, &["new", "condottiere", "--random-seed"]);
    let public = s.ok(&["show", &seeded, "--svg"]);
    let arbiter = s.ok(&["show", &seeded, "--svg", "--as", "ARBITER"]);
    cells(&arbiter);
    assert!(
        public.contains("hand ?10"),
        "a hand is a count to the public:\n{public}"
    );
    assert!(!arbiter.contains("hand ?"), "the arbiter sees every card:\n{arbiter}");
}

#[test]
fn tablut_the_card_games_and_concordia_are_drawn_through_the_cli() {
    let s = Session::new();
    let tablut = new(&s, &["new", "tablut", "--option", "rules=ashton"]);
    let svg = s.ok(&["show", &tablut, "--svg"]);
    assert_eq!(cells(&svg).len(), 81);
    assert!(drawn_in(&svg, "e5").contains(&"pc king".to_string()));
    assert!(drawn_in(&svg, "a5").contains(&"sq camp".to_string()));
    // A seeded hand: the public sees backs only, the arbiter sees faces.
    for game in ["briscola", "briscola-chiamata", "splendor", "redblackwar"] {
        let mut args = vec!["new", game, "--random-seed"];
        let players = match game {
            "briscola-chiamata" => 5,
            "redblackwar" => 4,
            _ => 2,
        };
        let names = ["A", "B", "C", "D", "E"];
        for name in &names[..players] {
            args.extend(["-p", name]);
        }
        let id = new(&s, &args);
        let public = s.ok(&["show", &id, "--svg"]);
        let arbiter = s.ok(&["show", &id, "--svg", "--as", "ARBITER"]);
        cells(&public);
        cells(&arbiter);
        assert!(
            public.contains(&format!("class=\"{}\"", game.split('-').next().unwrap())),
            "{game}"
        );
        if game.starts_with("briscola") {
            let faces = |svg: &str| svg.matches("class=\"face\"").count();
            assert!(public.contains("class=\"back\""), "{game}: hands face down");
            assert!(
                faces(&public) <= 1,
                "{game}: no hand card shown, the turned card at most:\n{public}"
            );
            assert!(faces(&arbiter) >= 6, "{game}: the arbiter sees the hands:\n{arbiter}");
        }
    }
    let concordia = new(&s, &["new", "concordia", "--random-seed", "-p", "Ada", "-p", "Bo"]);
    let names = cells(&s.ok(&["show", &concordia, "--svg"]));
    assert!(names.contains(&"Roma".to_string()) && names.contains(&"1".to_string()));
}
