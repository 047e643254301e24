//! Kriegspiel against open-spiel's `kriegspiel` (version in the fixture): random games it
//! played, refused attempts included, replayed through kifu, comparing after every attempt the
//! umpire's words (kifu's as the other seat's log shows them), and after every legal move the
//! whole FEN and each seat's view. open-spiel never announces a check, so the checks are
//! compared with python-chess's checkers as the fixture lists them. Fixture:
//! fixtures/kriegspiel/open_spiel_games.json (generate.py beside it).

use kifu_core::record::ChanceMode;
use kifu_core::replay::Replay;
use kifu_core::{Actor, Turn, View};
use serde_json::Value;

use crate::registry;

const FIXTURE: &str = include_str!("../../../../../fixtures/kriegspiel/open_spiel_games.json");

/// The parts of an announcement, checks sorted: `["White has moved", "pawn captured on d5",
/// "check on the file", "2 pawn tries"]`.
fn parts(words: &str) -> Vec<String> {
    let mut parts: Vec<String> = words.split(", ").map(str::to_string).collect();
    parts.sort_by_key(|p| (!p.starts_with("check"), p.starts_with("check").then(|| p.clone())));
    parts
}

/// open-spiel's message turned into kifu's words (its checks taken from `checks`), and its
/// pawn tries.
fn expected(msg: &str, checks: &[Value]) -> (String, usize) {
    if msg == "Illegal move." {
        return ("illegal".into(), 0);
    }
    let mut words = Vec::new();
    let mut tries = 0;
    for part in msg.trim_end_matches('.').split(", ") {
        if let Some(rest) = part.strip_suffix(" captured") {
            let (what, square) = rest.split_once(" at ").unwrap();
            words.push(format!("{} captured on {square}", what.to_lowercase()));
        } else if part == "white's move" {
            words.insert(0, "Black has moved".to_string());
        } else if part == "black's move" {
            words.insert(0, "White has moved".to_string());
        } else if let Some(n) = part.strip_suffix(" pawn tries").or(part.strip_suffix(" pawn try")) {
            tries = n.parse().unwrap();
        } else {
            panic!("unknown part '{part}' of '{msg}'");
        }
    }
    for check in checks {
        words.push(match check.as_str().unwrap() {
            "knight" => "check by a knight".to_string(),
            line => format!("check on the {line}"),
        });
    }
    (words.join(", "), tries)
}

fn tries_of(parts: &mut Vec<String>) -> usize {
    let at = parts
        .iter()
        .position(|p| p.ends_with(" pawn tries") || p.ends_with(" pawn try"));
    at.map_or(0, |i| {
        let part = parts.remove(i);
        part.split(' ').next().unwrap().parse().unwrap()
    })
}

fn field(fen: &str, i: usize) -> &str {
    fen.split(' ').nth(i).unwrap_or_default()
}

#[test]
fn open_spiel_kriegspiel_games_replay_with_the_same_announcements_and_views() {
    let fixture: Value = serde_json::from_str(FIXTURE).unwrap();
    assert_eq!(fixture["open_spiel"], "2.0.2");
    assert_eq!(fixture["python_chess"], "1.11.2");
    let games = fixture["games"].as_array().unwrap();
    let (mut attempts, mut refused, mut checks, mut captures) = (0, 0, 0, 0);
    let (mut en_passant, mut promotion_tries, mut early_mates, mut ends) = (0, 0, 0, 0);
    let mut fifty = 0;
    for game in games {
        let seed = &game["seed"];
        let header = crate::testing::header("kriegspiel", game["fen"].as_str(), ChanceMode::Observed);
        let mut replay = Replay::start(registry(), &header).unwrap();
        replay.play(Some(Actor::Chance), "key ?", None).unwrap();
        let steps = game["steps"].as_array().unwrap();
        let mut over_at = None;
        for (i, step) in steps.iter().enumerate() {
            let what = format!("game {seed} attempt {}", i + 1);
            let msg = step["msg"].as_str().unwrap();
            if over_at.is_some() {
                // open-spiel ends a mate or stalemate only once the side has tried everything.
                assert_eq!(msg, "Illegal move.", "{what}: after kifu's end");
                continue;
            }
            let Turn::Seat { seat } = replay.turn() else {
                panic!("{what}: kifu's game is not at a seat's turn: {}", replay.turn());
            };
            let lan = step["lan"].as_str().unwrap();
            let heard = replay.current().redact(Actor::Seat(seat), lan, View::Seat(1 - seat));
            let words = heard
                .strip_prefix("? {")
                .and_then(|w| w.strip_suffix('}'))
                .unwrap_or_else(|| panic!("{what}: the other seat's log shows {heard}"));
            let (words, end) = match words.split_once("; ") {
                Some((w, end)) => (w, Some(end.to_string())),
                None => (words, None),
            };
            replay
                .play(Some(Actor::Seat(seat)), lan, None)
                .unwrap_or_else(|f| panic!("{what} {lan}: {}", f.reason));
            attempts += 1;
            let (want, want_tries) = expected(msg, step["checks"].as_array().map_or(&[][..], |c| c.as_slice()));
            let (mut got, mut want_parts) = (parts(words), parts(&want));
            let got_tries = tries_of(&mut got);
            assert!(
                want_tries >= got_tries && (want_tries - got_tries).is_multiple_of(3),
                "{what}: tries {words} vs {msg}"
            );
            promotion_tries += usize::from(want_tries != got_tries);
            if got != want_parts {
                // open-spiel does not announce an en passant capture (it looks at the empty
                // target square); kifu names the taken pawn's square.
                let ep = got.iter().position(|p| p.starts_with("pawn captured on"));
                assert!(
                    ep.is_some() && !want_parts.iter().any(|p| p.contains("captured")),
                    "{what} {lan}: kifu says '{words}', open-spiel '{msg}' with checks {}",
                    step["checks"]
                );
                got.remove(ep.unwrap());
                want_parts.retain(|p| !p.contains("captured"));
                assert_eq!(got, want_parts, "{what}");
                en_passant += 1;
            }
            refused += usize::from(msg == "Illegal move.");
            checks += usize::from(words.contains("check"));
            captures += usize::from(words.contains("captured"));
            if let Some(fen) = step["fen"].as_str() {
                let full = replay.current().state_json(View::Full);
                assert_eq!(full["fen"], fen, "{what}: FEN");
                for (seat, side) in [(0u8, "white"), (1, "black")] {
                    let mine = replay.current().state_json(View::Seat(seat))["fen"]
                        .as_str()
                        .unwrap()
                        .to_string();
                    let theirs = step[side].as_str().unwrap();
                    for f in 0..3 {
                        assert_eq!(
                            field(&mine, f),
                            field(theirs, f),
                            "{what}: {side}'s view {mine} vs {theirs}"
                        );
                    }
                }
            }
            if let Turn::Over { outcome } = replay.turn() {
                let said = end.unwrap_or_else(|| panic!("{what}: {outcome} not announced"));
                assert!(said.contains(&outcome.reason), "{what}: {said} for {outcome}");
                if outcome.to_string().contains("fifty moves") {
                    // The fixture's games were played without open-spiel's own fifty-move rule
                    // (which counts 50 half-moves): they go on where kifu's draw is due.
                    let fen = replay.current().state_json(View::Full)["fen"]
                        .as_str()
                        .unwrap()
                        .to_string();
                    assert_eq!(field(&fen, 4), "100", "{what}: {fen}");
                    fifty += 1;
                    break;
                }
                over_at = Some(i);
                ends += 1;
                if i + 1 < steps.len() {
                    early_mates += 1;
                }
            } else {
                assert!(end.is_none(), "{what}: {end:?} announced but the game goes on");
            }
        }
        let returns = &game["returns_white_black"];
        match (over_at, game["terminal"].as_bool().unwrap()) {
            (Some(_), true) => {
                let Turn::Over { outcome } = replay.turn() else {
                    unreachable!()
                };
                let winners: Vec<u8> = match returns[0].as_f64() {
                    Some(1.0) => vec![0],
                    Some(-1.0) => vec![1],
                    _ => vec![],
                };
                assert_eq!(outcome.winners, winners, "game {seed}: {outcome}");
            }
            (None, false) => {}
            (None, true) if fifty > 0 => {}
            (over, terminal) => panic!("game {seed}: kifu over at {over:?}, open-spiel terminal {terminal}"),
        }
    }
    println!(
        "{} games, {attempts} attempts, {refused} refused, {captures} captures, {checks} checks, {ends} ends \
         ({early_mates} before open-spiel's, {fifty} by fifty moves), {en_passant} en passant, {promotion_tries} promotion tries",
        games.len()
    );
    assert!(attempts > 5000 && refused > 1500 && checks > 100 && captures > 300);
    assert!(ends >= 10, "{ends} games ended");
}
