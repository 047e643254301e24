//! Bad input never panics: garbage typed at every registered game by every kind of actor, and
//! kifu text files mangled byte by byte, are refused with a reason. A panic fails the test.

use std::collections::BTreeMap;

use kifu_core::chance::{commitment, ChanceRng};
use kifu_core::record::{text, Actor, ChanceMode, Header};
use kifu_core::replay::{verify_text, Replay};
use kifu_core::rules::Turn;

const GARBAGE: &[&str] = &[
    "",
    " ",
    ";",
    "\u{0}",
    "\n",
    "-",
    "--",
    "0",
    "-1",
    "99999999999999999999999999",
    "p1:",
    "reveal zz",
    "reveal 00",
    "note",
    "claim",
    "pass pass",
    "deal p9:?99",
    "deal p1:?255 p2:?255",
    "choose",
    "play",
    "play S:S",
    "show p1:10,10,10,10,10,10,10,10,10,10",
    "a0",
    "z99",
    "i8 i8",
    "O-O-O-O",
    "e9",
    "P@a1",
    "K@e4",
    "e7e8k",
    "Nxx",
    "30-off",
    "0-off",
    "27-15-3",
    "√♞🀄",
    "ｅ４",
    "offers 99999",
    "choose a1",
];

fn header_for(game: &str, players: usize, seeded: bool) -> Header {
    let chance = if seeded {
        ChanceMode::Seeded {
            commitment: commitment(b"fuzz"),
        }
    } else {
        ChanceMode::Observed
    };
    let g = kifu_games::find(game).unwrap();
    let mut header = Header::new(game, g.version(), vec!["?".into(); players], chance);
    header.id = Some([0x5a; 16]);
    header
}

fn actors(players: usize) -> Vec<Option<Actor>> {
    let mut all = vec![None, Some(Actor::Chance), Some(Actor::Arbiter), Some(Actor::Note)];
    all.extend((0..players as u8 + 1).map(|s| Some(Actor::Seat(s))));
    all
}

#[test]
fn garbage_commands_are_refused_by_every_game() {
    let mut tried = 0;
    for game in kifu_games::all() {
        let players = *game.players().start();
        for seeded in [false, true] {
            let header = header_for(game.name(), players, seeded);
            let mut replay =
                Replay::start(kifu_games::registry(), &header).unwrap_or_else(|f| panic!("{}: {f}", game.name()));
            if seeded {
                replay.set_seed(b"fuzz").unwrap();
            }
            // Walk a few random legal steps in, trying the garbage at each position.
            for step in 0..12u64 {
                let _ = replay.draw_chance(None);
                if matches!(replay.turn(), Turn::Over { .. }) {
                    break;
                }
                for text in GARBAGE {
                    for actor in actors(players) {
                        let before = replay.head();
                        tried += 1;
                        match replay.play(actor, text, None) {
                            // A few are real commands somewhere (a note, a pass): canonical, and kept.
                            Ok(entry) => {
                                kifu_core::record::check_command_text(&entry.command).unwrap();
                                let _ = replay.draw_chance(None);
                            }
                            Err(_) => assert_eq!(
                                replay.head(),
                                before,
                                "{}: a refused '{text}' changed the head",
                                game.name()
                            ),
                        }
                    }
                }
                let _ = replay.draw_chance(None);
                let Some(actions) = replay.current().legal_actions() else {
                    break;
                };
                if actions.is_empty() {
                    break;
                }
                let pick = ChanceRng::for_entry(game.name().as_bytes(), step).below(actions.len() as u64) as usize;
                let (actor, command) = actions[pick].clone();
                replay
                    .play(Some(actor), &command, None)
                    .unwrap_or_else(|f| panic!("{}: legal '{command}': {f}", game.name()));
            }
        }
    }
    assert!(tried > 50_000, "only {tried} attempts");
}

#[test]
fn mangled_kifu_files_are_refused_without_a_panic() {
    let mut files = Vec::new();
    for (game, players) in [("senet", 2), ("condottiere", 3), ("renju", 2), ("chess", 2)] {
        let mut header = header_for(game, players, true);
        header.tags = BTreeMap::from([("Event".to_string(), "Fuzz".to_string())]);
        let mut replay = Replay::start(kifu_games::registry(), &header).unwrap();
        replay.set_seed(b"fuzz").unwrap();
        let mut record = kifu_core::record::Record::new(header);
        for step in 0..60u64 {
            record.entries.extend(replay.draw_chance(None).unwrap());
            let Some(actions) = replay.current().legal_actions().filter(|a| !a.is_empty()) else {
                break;
            };
            let (actor, command) =
                actions[ChanceRng::for_entry(b"walk", step).below(actions.len() as u64) as usize].clone();
            record.entries.push(replay.play(Some(actor), &command, None).unwrap());
        }
        files.push(text::write(&record));
    }
    let mut rng = ChanceRng::for_entry(b"mangle", 0);
    let (mut read, mut refused) = (0, 0);
    for file in &files {
        let original = text::read(file).unwrap();
        for round in 0..1000 {
            let mut bytes = file.clone().into_bytes();
            for _ in 0..1 + round % 4 {
                let at = rng.below(bytes.len() as u64) as usize;
                match rng.below(4) {
                    0 => bytes[at] = rng.below(256) as u8,
                    // A digit for another digit: the line still reads, so the chain and the
                    // rules must catch it.
                    3 => {
                        if let Some(d) = bytes[at..].iter().position(u8::is_ascii_digit) {
                            bytes[at + d] = b'0' + ((bytes[at + d] - b'0' + 1 + rng.below(9) as u8) % 10);
                        }
                    }
                    1 => {
                        bytes.remove(at);
                    }
                    _ => bytes.insert(at, b" \n;=:?-0123456789abcdefp"[rng.below(24) as usize]),
                }
            }
            let Ok(mangled) = String::from_utf8(bytes) else {
                continue;
            };
            // A mangled file that still verifies must be the same record (the change was only a
            // blank line or a line ending).
            match text::read(&mangled) {
                Ok(parsed) if verify_text(kifu_games::registry(), &parsed).failure.is_none() => {
                    assert_eq!(parsed.record, original.record, "a changed record verified:\n{mangled}");
                }
                Ok(_) => read += 1,
                Err(_) => refused += 1,
            }
        }
    }
    assert!(
        read > 300 && refused > 1000,
        "read but failing {read}, refused at reading {refused}"
    );
}
