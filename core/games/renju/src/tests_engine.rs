//! Whole games through the kernel's replay: wins, fouls in each mode, claims, passes, draws,
//! set-up positions, options and the opening rules.

use kifu_core::record::{ChanceMode, Header};
use kifu_core::replay::Replay;
use kifu_core::rules::{Turn, View};

pub fn start(game: &str, options: &[(&str, &str)], setup: Option<&str>) -> Result<Replay, String> {
    let mut header = Header::new(game, 1, vec!["Ann".into(), "Bob".into()], ChanceMode::Observed);
    for (k, v) in options {
        header.options.insert(k.to_string(), v.to_string());
    }
    header.start = setup.map(str::to_string);
    Replay::start(crate::registry(), &header).map_err(|f| f.reason)
}

fn replay(game: &str, options: &[(&str, &str)], setup: Option<&str>) -> Replay {
    start(game, options, setup).unwrap_or_else(|e| panic!("{e}"))
}

/// Plays each move, returning the canonical texts. Words taking an argument (`offer g7`)
/// are joined with the word after them.
fn play(r: &mut Replay, moves: &str) -> Vec<String> {
    let mut commands: Vec<String> = Vec::new();
    let mut joining = false;
    for word in moves.split_whitespace() {
        match commands.last_mut() {
            Some(last) if joining => last.push_str(&format!(" {word}")),
            _ => commands.push(word.to_string()),
        }
        joining = !joining && ["offer", "offers", "declare", "choose", "claim"].contains(&word);
    }
    commands
        .iter()
        .map(|m| r.play(None, m, None).unwrap_or_else(|f| panic!("{m}: {f}")).command)
        .collect()
}

fn refused(r: &mut Replay, text: &str) -> String {
    match r.play(None, text, None) {
        Ok(e) => panic!("{text} was accepted as {}", e.command),
        Err(f) => f.reason,
    }
}

fn winner(r: &Replay) -> Option<(Vec<u8>, String)> {
    match r.turn() {
        Turn::Over { outcome } => Some((outcome.winners, outcome.reason)),
        _ => None,
    }
}

fn json(r: &Replay) -> serde_json::Value {
    r.current().state_json(View::Full)
}

#[test]
fn free_play_to_a_five() {
    let mut r = replay("renju", &[], None);
    let moves = play(&mut r, "H8 i9 h7 i7 h6 i6 h5 i5");
    assert_eq!(moves[0], "h8");
    assert_eq!(winner(&r), None);
    play(&mut r, "h4");
    let (winners, reason) = winner(&r).unwrap_or_default();
    assert_eq!(winners, vec![0]);
    assert!(reason.contains("five"), "{reason}");
    assert!(refused(&mut r, "a1").contains("over"));
}

#[test]
fn black_overline_does_not_win_and_is_refused_by_default() {
    // Black e8 f8 g8 i8 j8 (white elsewhere): h8 is an overline.
    let setup = "b:e8,f8,g8,i8,j8 w:a1,a3,a5,a7,a9 to:b";
    let mut r = replay("renju", &[], Some(setup));
    assert!(refused(&mut r, "h8").contains("overline"));
    let forbidden = json(&r)["forbidden"].clone();
    assert_eq!(forbidden, serde_json::json!([{"point": "h8", "kind": "overline"}]));
    // White may make six.
    let setup = "b:a1,a3,a5,a7,a9,c1 w:e8,f8,g8,i8,j8 to:w";
    let mut r = replay("renju", &[], Some(setup));
    play(&mut r, "h8");
    assert_eq!(winner(&r).map(|w| w.0), Some(vec![1]));
}

#[test]
fn fouls_auto_loses_at_once() {
    let setup = "b:f8,g8,h6,h7 w:a1,a3,a5,a7 to:b";
    let mut r = replay("renju", &[("fouls", "auto")], Some(setup));
    play(&mut r, "h8");
    let (winners, reason) = winner(&r).unwrap_or_default();
    assert_eq!(winners, vec![1]);
    assert!(reason.contains("double three"), "{reason}");
}

#[test]
fn fouls_claim_three_three_must_be_claimed_at_once() {
    let setup = "b:f8,g8,h6,h7 w:a1,a3,a5,a7 to:b";
    let mut r = replay("renju", &[("fouls", "claim")], Some(setup));
    play(&mut r, "h8");
    assert_eq!(winner(&r), None);
    assert!(r
        .current()
        .legal()
        .unwrap_or_default()
        .contains(&"claim h8".to_string()));
    let mut claimed = replay("renju", &[("fouls", "claim")], Some(setup));
    assert_eq!(play(&mut claimed, "h8 claim"), vec!["h8", "claim h8"]);
    assert_eq!(winner(&claimed).map(|w| w.0), Some(vec![1]));
    // White plays on instead: the 3-3 is forfeited.
    play(&mut r, "o15 b1");
    assert!(refused(&mut r, "claim h8").contains("no foul"));
}

#[test]
fn fouls_claim_overline_can_be_claimed_later() {
    let setup = "b:e8,f8,g8,i8,j8 w:a1,a3,a5,a7,a9 to:b";
    let mut r = replay("renju", &[("fouls", "claim")], Some(setup));
    play(&mut r, "h8 o15 b1");
    assert!(r.play(None, "claim h8", None).is_ok());
    let (winners, reason) = winner(&r).unwrap_or_default();
    assert_eq!(winners, vec![1]);
    assert!(reason.contains("overline"), "{reason}");
}

#[test]
fn passes_draw_and_none_in_the_first_three_moves() {
    let mut r = replay("gomoku", &[], None);
    assert!(refused(&mut r, "pass").contains("no pass"));
    play(&mut r, "h8 h9");
    assert!(refused(&mut r, "pass").contains("no pass"));
    play(&mut r, "h10 pass");
    assert_eq!(winner(&r), None);
    play(&mut r, "a1 pass pass");
    let (winners, reason) = winner(&r).unwrap_or_default();
    assert!(winners.is_empty());
    assert!(reason.contains("two passes"), "{reason}");
}

#[test]
fn a_full_board_is_a_draw() {
    // 5x5 freestyle, filled in a pattern that never makes five in a row.
    let mut r = replay("gomoku", &[("size", "5")], None);
    let order = "a1 b1 c1 d1 e1 a3 b3 c3 d3 e3 a5 b5 c5 d5 e5 b2 a2 d2 c2 e4 e2 a4 c4 b4 d4";
    play(&mut r, order);
    let (winners, reason) = winner(&r).unwrap_or_default();
    assert!(winners.is_empty(), "{reason}");
    assert!(reason.contains("full"), "{reason}");
}

#[test]
fn rule_sets_by_option() {
    let six = "b:e8,f8,g8,i8,j8 w:a1,a3,a5,a7,a9 to:b";
    let mut free = replay("gomoku", &[("rules", "freestyle")], Some(six));
    play(&mut free, "h8");
    assert_eq!(winner(&free).map(|w| w.0), Some(vec![0]));
    let mut standard = replay("gomoku", &[("rules", "standard")], Some(six));
    play(&mut standard, "h8");
    assert_eq!(winner(&standard), None);
    let mut omok = replay(
        "gomoku",
        &[("rules", "omok")],
        Some("w:f8,g8,h6,h7 b:a1,a3,a5,a7,o15 to:w"),
    );
    assert!(refused(&mut omok, "h8").contains("double three"));
    assert_eq!(json(&omok)["forbidden_white"][0]["point"], "h8");
    let mut lifted = replay(
        "gomoku",
        &[("rules", "omok"), ("white.double-three", "no-win")],
        Some("w:f8,g8,h6,h7 b:a1,a3,a5,a7,o15 to:w"),
    );
    play(&mut lifted, "h8");
    for (options, why) in [
        (vec![("rules", "pente")], "rule set"),
        (vec![("size", "4")], "size"),
        (vec![("fouls", "never")], "fouls"),
        (vec![("opening", "swap2")], "opening"),
        (vec![("colour", "red")], "unknown option"),
        (vec![("black.overline", "maybe")], "barred"),
    ] {
        let err = start("gomoku", &options, None).err().unwrap_or_default();
        assert!(err.contains(why), "{options:?}: {err}");
    }
    let err = start("renju", &[("rules", "omok")], None).err().unwrap_or_default();
    assert!(err.contains("unknown option"), "{err}");
    let mut big = replay("gomoku", &[("size", "19")], None);
    play(&mut big, "s19");
}

#[test]
fn set_up_positions_and_side_to_move() {
    let mut r = replay("renju", &[], Some("b:h8,i9 w:h9"));
    assert_eq!(r.turn(), Turn::seat(1));
    assert!(refused(&mut r, "h8").contains("taken"));
    assert!(start("renju", &[], Some("b:h8 q:h9")).is_err());
    assert!(start("renju", &[("opening", "rif")], Some("b:h8")).is_err());
    let text = r.render(View::Full);
    assert!(
        text.contains("X") && text.contains("O") && text.contains("p2 (white) to move"),
        "{text}"
    );
}

#[test]
fn bad_input_is_refused_in_words() {
    let mut r = replay("renju", &[], None);
    for bad in ["", "z99", "h", "offers x", "claim", "hello there you", "h0", "swap"] {
        let reason = refused(&mut r, bad);
        assert!(!reason.is_empty(), "{bad}");
    }
    assert!(r.play(Some(kifu_core::record::Actor::Seat(1)), "h8", None).is_err());
    assert!(r.play(Some(kifu_core::record::Actor::Arbiter), "h8", None).is_err());
}

/// The seat whose turn it is, as p1 / p2.
fn seat(r: &Replay) -> String {
    match r.turn() {
        Turn::Seat { seat } => format!("p{}", seat + 1),
        other => format!("{other}"),
    }
}

#[test]
fn rif_opening() {
    let mut r = replay("renju", &[("opening", "rif")], None);
    assert!(refused(&mut r, "g7").contains("1x1"));
    play(&mut r, "h8");
    assert_eq!(seat(&r), "p1", "the tentative black places the white second stone");
    assert!(refused(&mut r, "h10").contains("3x3"));
    play(&mut r, "h9");
    assert!(refused(&mut r, "h11").contains("5x5"));
    play(&mut r, "h10");
    assert_eq!(seat(&r), "p2");
    assert!(refused(&mut r, "h11").contains("swap or keep"));
    play(&mut r, "swap");
    assert_eq!(
        seat(&r),
        "p1",
        "after the swap p1 holds white and plays the fourth move"
    );
    play(&mut r, "h11");
    assert_eq!(seat(&r), "p2");
    // The position is symmetric about the h file: g7 and i7 are the same fifth move.
    assert_eq!(play(&mut r, "g7"), vec!["offer g7"]);
    assert!(refused(&mut r, "offer i7").contains("symmetry"));
    assert!(refused(&mut r, "offer g7").contains("symmetry"));
    play(&mut r, "offer g9");
    assert_eq!(seat(&r), "p1");
    assert!(refused(&mut r, "choose j9").contains("not offered"));
    assert_eq!(play(&mut r, "g9"), vec!["choose g9"]);
    assert_eq!(seat(&r), "p1", "white plays the sixth move");
    assert_eq!(json(&r)["black"], serde_json::json!(["h8", "g9", "h10"]));
    assert!(json(&r)["opening"].is_null());
    play(&mut r, "a1 b1");
}

#[test]
fn yamaguchi_opening() {
    let mut r = replay("renju", &[("opening", "yamaguchi")], None);
    play(&mut r, "h8 i9 j10");
    assert!(refused(&mut r, "offers 0").contains("from 1"));
    assert_eq!(play(&mut r, "declare 3"), vec!["offers 3"]);
    assert_eq!(seat(&r), "p2");
    play(&mut r, "keep");
    play(&mut r, "a15");
    // a15 breaks every symmetry, so any three different points may be offered.
    play(&mut r, "offer g7 offer i7 offer k7");
    assert_eq!(seat(&r), "p2");
    play(&mut r, "choose k7 b15");
    assert_eq!(json(&r)["black"], serde_json::json!(["k7", "h8", "j10"]));
}

#[test]
fn soosorv_opening() {
    let mut r = replay("renju", &[("opening", "soosorv8")], None);
    play(&mut r, "h8 h9 h10 keep");
    assert_eq!(seat(&r), "p2");
    play(&mut r, "a1");
    assert!(refused(&mut r, "offers 9").contains("1 to 8"));
    play(&mut r, "offers 2");
    assert_eq!(seat(&r), "p1", "black's holder may swap after the declaration");
    play(&mut r, "swap offer g7 offer g9");
    assert_eq!(seat(&r), "p1", "p1 now holds white and chooses");
    play(&mut r, "choose g7");
    assert_eq!(json(&r)["black_seat"], "p2");
}

#[test]
fn taraguchi_opening_both_choices() {
    let mut r = replay("renju", &[("opening", "taraguchi10")], None);
    play(&mut r, "h8 keep i9 keep j10 keep");
    assert!(refused(&mut r, "l12").contains("7x7"));
    play(&mut r, "k11");
    assert_eq!(seat(&r), "p1");
    play(&mut r, "keep");
    assert!(refused(&mut r, "m13").contains("9x9"));
    play(&mut r, "l12 swap");
    assert_eq!(seat(&r), "p1", "after the swap p1 holds white and plays the sixth move");
    assert!(json(&r)["opening"].is_null());

    let mut r = replay("renju", &[("opening", "taraguchi10")], None);
    play(&mut r, "h8 keep i9 keep j10 keep k11");
    let offers = "offer a1 offer a2 offer a3 offer a4 offer a5 offer a6 offer a7 offer a8 offer a9";
    play(&mut r, offers);
    assert_eq!(seat(&r), "p1");
    play(&mut r, "offer o1");
    assert_eq!(seat(&r), "p2");
    play(&mut r, "choose a5");
    assert_eq!(seat(&r), "p2");
    assert!(r.current().legal().is_some_and(|l| l.contains(&"pass".to_string())));
}

#[test]
fn the_225_move_fixture_game_fills_the_board_to_a_draw() {
    let moves = include_str!("../../../../fixtures/renju/game225.txt");
    let mut r = replay("renju", &[], None);
    assert_eq!(play(&mut r, moves).len(), 225);
    let (winners, reason) = winner(&r).unwrap_or_default();
    assert!(winners.is_empty() && reason.contains("full"), "{reason}");
}

#[test]
fn the_text_board_marks_forbidden_points_and_the_last_move() {
    let mut r = replay("renju", &[], Some("b:f8,g8,h6,h7 w:a1,a3,a5 to:w"));
    play(&mut r, "o15");
    let text = r.render(View::Full);
    let rank8 = text.lines().find(|l| l.starts_with(" 8 ")).unwrap_or_default();
    assert_eq!(rank8, " 8  . . . . . X X # . . . . . . . 8", "{text}");
    assert!(text.contains("(O 15"), "{text}");
    assert!(text.ends_with("p1 (black) to move\n"), "{text}");
}

/// Random playouts: every listed command is accepted and comes back in the same canonical
/// text, across openings and foul modes.
#[test]
fn every_legal_command_is_accepted_as_listed() {
    let configs: [&[(&str, &str)]; 7] = [
        &[],
        &[("fouls", "claim")],
        &[("fouls", "auto")],
        &[("opening", "rif")],
        &[("opening", "yamaguchi")],
        &[("opening", "soosorv8"), ("fouls", "claim")],
        &[("opening", "taraguchi10")],
    ];
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    for (index, options) in configs.iter().enumerate() {
        for game in 0..2 {
            let mut r = replay("renju", options, None);
            for _ in 0..40 {
                let Some(legal) = r.current().legal() else { break };
                if legal.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let pick = &legal[(seed % legal.len() as u64) as usize];
                let entry = r
                    .play(None, pick, None)
                    .unwrap_or_else(|f| panic!("config {index} game {game}: {pick}: {f}"));
                assert_eq!(&entry.command, pick);
            }
        }
    }
}
