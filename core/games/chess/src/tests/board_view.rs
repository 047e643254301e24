//! The board a page draws from the JSON view: cells with their pieces and shades, the king in
//! check, each legal move's cells (castling to the king's square, drops, promotions), pockets
//! and checks; hexagonal boards too. The drawing is derived: the state itself is unchanged.

use std::collections::BTreeMap;

use serde_json::{json, Value};

use crate::board_json::board_json;
use crate::geometry::Geometry;
use crate::movegen::legal_moves;
use crate::piece::{Color, Piece, Role};
use crate::position::Position;
use crate::shape::Shape;
use crate::variant::Variant;
use kifu_core::game::Match;
use kifu_core::record::Actor;
use kifu_core::rules::{Setup, View};

fn start(game: &str, fen: Option<&str>) -> Box<dyn Match> {
    let options = BTreeMap::new();
    let setup = Setup {
        options: &options,
        players: 2,
        start: fen,
    };
    crate::registry().find(game).unwrap().start(&setup).unwrap()
}

fn board(m: &dyn Match) -> Value {
    m.state_json(View::Public)["board"].clone()
}

fn cell<'a>(board: &'a Value, name: &str) -> &'a Value {
    board["cells"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == name)
        .unwrap()
}

fn moves(board: &Value) -> Vec<Value> {
    board["moves"].as_array().unwrap().clone()
}

#[test]
fn the_start_position_is_drawn_with_its_moves() {
    let m = start("chess", None);
    let b = board(m.as_ref());
    assert_eq!(
        (b["grid"].as_str(), b["width"].as_u64(), b["height"].as_u64()),
        (Some("square"), Some(8), Some(8))
    );
    assert_eq!(b["cells"].as_array().unwrap().len(), 64);
    assert_eq!(cell(&b, "e1")["piece"], "K");
    assert_eq!(cell(&b, "d8")["piece"], "q");
    assert_eq!(cell(&b, "e4")["piece"], Value::Null);
    assert_eq!(
        (cell(&b, "a1")["shade"].as_u64(), cell(&b, "h1")["shade"].as_u64()),
        (Some(0), Some(1))
    );
    assert_eq!((b["to_move"].as_str(), &b["check"]), (Some("white"), &Value::Null));
    let list = moves(&b);
    assert_eq!(list.len(), 20);
    assert!(list.contains(&json!({"san": "e4", "from": "e2", "to": "e4"})));
    assert!(list.contains(&json!({"san": "Nf3", "from": "g1", "to": "f3"})));
    assert!(b.get("pockets").is_none() && b.get("checks").is_none());
    // The stored state is as it was: the board is only in the view.
    let state = m.state_json(View::Full);
    let keys: Vec<&String> = state.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["board", "draw_offer", "fen", "history", "result"]);
}

#[test]
fn castling_promotion_check_and_the_end() {
    let m = start("chess", Some("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    let list = moves(&board(m.as_ref()));
    assert!(list.contains(&json!({"san": "O-O", "from": "e1", "to": "g1", "rook": "h1"})));
    assert!(list.contains(&json!({"san": "O-O-O", "from": "e1", "to": "c1", "rook": "a1"})));
    let promotions: Vec<&Value> = list.iter().filter(|v| v["from"] == "b7" && v["to"] == "b8").collect();
    assert_eq!(promotions.len(), 4, "{promotions:?}");

    let mut m = start("chess", None);
    for (seat, text) in [(0, "f3"), (1, "e5"), (0, "g4")] {
        m.apply(Actor::Seat(seat), text).unwrap();
    }
    let b = board(m.as_ref());
    assert!(moves(&b).iter().any(|v| v["san"] == "Qh4#"));
    m.apply(Actor::Seat(1), "Qh4").unwrap();
    let b = board(m.as_ref());
    assert_eq!(b["check"], "e1");
    assert_eq!(moves(&b), Vec::<Value>::new(), "no moves once the game is over");
}

#[test]
fn pockets_drops_and_checks_where_the_variant_has_them() {
    let m = start("crazyhouse", Some("4k3/8/8/8/8/8/8/4K3[Nn] w - - 0 1"));
    let b = board(m.as_ref());
    assert_eq!(b["pockets"], json!({"white": {"N": 1}, "black": {"n": 1}}));
    assert!(moves(&b).contains(&json!({"san": "N@d4", "from": null, "to": "d4", "drop": "N"})));
    let m = start("threecheck", None);
    assert_eq!(
        board(m.as_ref())["checks"],
        json!({"white": 0, "black": 0, "to_win": 3})
    );
}

#[test]
fn a_hexagonal_board_gives_its_cells_without_holes() {
    let g: &'static Geometry = Box::leak(Box::new(Geometry::build(&Shape::glinski())));
    let mut pos = Position::empty_on(Variant::Standard, g);
    for (name, color, role) in [("a2", Color::White, Role::King), ("l5", Color::Black, Role::King)] {
        pos.put(g.parse_square(name).unwrap(), Piece::new(color, role).code());
    }
    pos.find_kings();
    let b = board_json(&pos, &legal_moves(&pos));
    assert_eq!((b["grid"].as_str(), b["width"].as_u64()), (Some("hex"), Some(11)));
    assert_eq!(b["cells"].as_array().unwrap().len(), 91);
    assert_eq!(b["files"].as_array().unwrap().len(), 11);
    assert!(!b["files"].as_array().unwrap().contains(&json!("j")));
    assert_eq!(cell(&b, "a2")["piece"], "K");
    assert_eq!(cell(&b, "f11")["rank"], 10);
    assert!(b["cells"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["shade"].as_u64() < Some(3)));
    assert!(!moves(&b).is_empty());
}
