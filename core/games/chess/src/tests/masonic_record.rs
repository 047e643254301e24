//! Masonic chess as a game: typed moves kept as SAN (a pawn step two pawns could make written
//! with its from-brick), verified from scratch, its PGN with the `Variant` tag out and back,
//! and a pawn step straight up two ranks refused with the reason.

use super::record_kit::{self, through_pgn};
use kifu_core::record::{ChanceMode, Header, Record};
use kifu_core::replay::verify_record;

fn play(moves: &[&str]) -> Result<(Record, Vec<String>), String> {
    let header = Header::new("masonic", 1, vec!["Ann".into(), "Bob".into()], ChanceMode::Observed);
    record_kit::play(header, moves)
}

/// a3 has one pawn below it, e3 two (d2 and e2), e5 two (d7 and f7 by double steps); the f1
/// bishop steps once to e2; castling along the straight first rank.
const MOVES: [&str; 10] = [
    "a2a3", "g8h6", "e2e3", "b8c6", "f1e2", "d7e5", "g1f3", "h6g4", "e1g1", "c6d4",
];

#[test]
fn moves_are_kept_as_san_and_verify() -> Result<(), String> {
    let (rec, texts) = play(&MOVES)?;
    assert_eq!(
        texts,
        vec!["a3", "Nh6", "e2e3", "Nc6", "Be2", "d7e5", "Nf3", "Ng4", "O-O", "Nd4"]
    );
    let report = verify_record(crate::registry(), &rec);
    assert!(report.failure.is_none(), "{:?}", report.failure);
    Ok(())
}

#[test]
fn pgn_out_and_back_with_the_variant_tag() -> Result<(), String> {
    let (rec, _) = play(&MOVES)?;
    through_pgn(&rec, "[Variant \"Masonic\"]")?;
    Ok(())
}

#[test]
fn a_pawn_step_straight_up_two_ranks_is_refused() {
    let reason = play(&["e2e4"]).err().unwrap_or_default();
    assert!(reason.contains("entry 1"), "{reason}");
}

#[test]
fn the_board_view_draws_bricks() -> Result<(), String> {
    let pos = crate::fen::parse_fen(crate::variant::Variant::Masonic, crate::fairy::masonic::START)?;
    let board = crate::board_json::board_json(&pos, &[]);
    assert_eq!(board["grid"], "brick");
    // Touching bricks never share a shade: d4 and its six neighbours.
    let shade = |name: &str| {
        board["cells"]
            .as_array()
            .and_then(|cells| cells.iter().find(|c| c["name"] == name))
            .map(|c| c["shade"].clone())
    };
    for n in ["c4", "e4", "d5", "e5", "d3", "e3"] {
        assert_ne!(shade("d4"), shade(n), "d4 and {n}");
    }
    // a1 flush with the left edge, a2 half a cell (22) to its right.
    let svg = crate::svg::svg(&pos);
    let centre = |name: &str| {
        let key = format!("data-cell=\"{name}\" data-x=\"");
        let at = svg.find(&key).map(|i| i + key.len());
        at.and_then(|i| svg[i..].split('"').next())
            .and_then(|x| x.parse::<f64>().ok())
    };
    assert_eq!(centre("a2").zip(centre("a1")).map(|(a2, a1)| a2 - a1), Some(22.0));
    Ok(())
}
