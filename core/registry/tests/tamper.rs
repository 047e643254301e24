//! Every single-byte change to an exported kifu file is found, for one file of each game: at
//! every byte position, each of a set of replacement bytes, and the byte's deletion. Only the
//! changes docs/FORMAT.md calls insignificant (line endings, a byte-order mark, the final
//! newline) may pass. "Found" is what `kifu verify FILE` does: the bytes are decoded, read as
//! kifu text, the chain checked, then every entry replayed through the rules.

use std::collections::BTreeMap;

use kifu_core::chance::{commitment, ChanceRng};
use kifu_core::format::decode_text;
use kifu_core::record::{text, Actor, ChanceMode, Header, Record};
use kifu_core::replay::{verify_text, Replay};
use kifu_core::Turn;

const SEED: &[u8; 32] = b"tamper sweep seed, thirty-two b.";

/// A record of `game` walked by a seeded random policy for up to `plies` commands; seeded
/// where the game has chance. Finished seeded games end with their reveal.
fn record(game: &str, players: usize, plies: u64) -> Record {
    let g = kifu_games::find(game).unwrap();
    let seeded = matches!(
        game,
        "senet"
            | "condottiere"
            | "briscola"
            | "splendor"
            | "fakeartist"
            | "redblackwar"
            | "taluva"
            | "concordia"
            | "concordia-solitaria"
    );
    let chance = if seeded {
        ChanceMode::Seeded {
            commitment: commitment(SEED),
        }
    } else {
        ChanceMode::Observed
    };
    let names = ["김서연", "Ann", "Bo", "Cy", "Di"];
    let mut header = Header::new(
        game,
        g.version(),
        names[..players].iter().map(|n| n.to_string()).collect(),
        chance,
    );
    header.id = Some([0x1d; 16]);
    header.created = Some("2026-11-22T20:04:00Z".into());
    header.tags = BTreeMap::from([("Event".to_string(), "Sweep = all bytes".to_string())]);
    let mut replay = Replay::start(kifu_games::registry(), &header).unwrap();
    if seeded {
        replay.set_seed(SEED).unwrap();
    }
    let mut record = Record::new(header);
    for step in 0..plies {
        record
            .entries
            .extend(replay.draw_chance(Some("2026-11-22T20:05:00Z")).unwrap());
        if step == 2 {
            record
                .entries
                .push(replay.play(Some(Actor::Note), "a note; with\ttabs", None).unwrap());
        }
        let Some(actions) = replay.current().legal_actions().filter(|a| !a.is_empty()) else {
            break;
        };
        let playable: Vec<_> = actions
            .into_iter()
            .filter(|(_, c)| !c.starts_with("resign") && !c.starts_with("draw"))
            .collect();
        if playable.is_empty() {
            break;
        }
        let (actor, command) =
            playable[ChanceRng::for_entry(b"policy", step).below(playable.len() as u64) as usize].clone();
        record.entries.push(replay.play(Some(actor), &command, None).unwrap());
    }
    if matches!(replay.turn(), Turn::Over { .. }) && seeded {
        record.entries.push(replay.reveal(None).unwrap());
    }
    record
}

/// What FORMAT.md lets differ: a BOM, CR before LF, the final newline.
fn normalized(bytes: &[u8]) -> Vec<u8> {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let mut out = Vec::with_capacity(bytes.len());
    for (i, b) in bytes.iter().enumerate() {
        if *b == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
            continue;
        }
        out.push(*b);
    }
    if out.last() != Some(&b'\n') {
        out.push(b'\n');
    }
    out
}

/// Whether `kifu verify` would fail on these bytes.
fn found(bytes: &[u8]) -> bool {
    let Ok((text, _)) = decode_text(bytes) else {
        return true;
    };
    match text::read(&text) {
        Err(_) => true,
        Ok(file) => verify_text(kifu_games::registry(), &file).failure.is_some(),
    }
}

/// Tries every position with every replacement (all of them, or a handful when `quick`) and
/// with deletion; returns (tried, missed).
fn sweep(file: &str, quick: bool) -> (usize, Vec<String>) {
    let original = file.as_bytes();
    assert!(!found(original), "the untouched file verifies");
    let base = normalized(original);
    let (mut tried, mut missed) = (0, Vec::new());
    let mut check = |mutated: Vec<u8>, what: String| {
        if normalized(&mutated) == base {
            return; // an insignificant change
        }
        tried += 1;
        if !found(&mutated) {
            missed.push(what);
        }
    };
    // A long file is swept whole at its header and its last 1500 bytes (the end of the game,
    // the reveal), and at every 17th byte between: each change costs a read of the whole file.
    let header_end = file.find("\nheader ").map_or(0, |i| i + 80);
    let tail = original.len().saturating_sub(1500);
    let positions =
        (0..original.len()).filter(|&at| original.len() < 8000 || at < header_end || at >= tail || at % 17 == 0);
    for at in positions {
        let old = original[at];
        let replacements = [
            b'0',
            b'a',
            b' ',
            b'\n',
            old ^ 0x20,
            0,
            b'7',
            b'f',
            b'A',
            b'\r',
            b';',
            b'=',
            0xc3,
            old.wrapping_add(1),
        ];
        let replacements = if quick { &replacements[..6] } else { &replacements[..] };
        for &new in replacements {
            if new != old {
                let mut mutated = original.to_vec();
                mutated[at] = new;
                check(mutated, format!("byte {at} {old:#04x} -> {new:#04x}"));
            }
        }
        let mut mutated = original.to_vec();
        mutated.remove(at);
        check(mutated, format!("byte {at} {old:#04x} deleted"));
    }
    (tried, missed)
}

const EVERY_GAME: [(&str, usize); 32] = [
    ("senet", 2),
    ("chess", 2),
    ("crazyhouse", 2),
    ("renju", 2),
    ("gomoku", 2),
    ("condottiere", 3),
    ("briscola", 2),
    ("splendor", 2),
    ("redblackwar", 4),
    ("taluva", 2),
    ("tablut", 2),
    ("concordia", 3),
    ("concordia-solitaria", 2),
    ("fakeartist", 5),
    ("progressive", 2),
    ("dicechess", 2),
    ("darkchess", 2),
    ("kriegspiel", 2),
    ("congo", 2),
    ("chessence", 2),
    ("dynamo", 2),
    ("portal", 2),
    ("plender", 2),
    ("doublechess", 2),
    ("chad", 2),
    ("masonic", 2),
    ("hostage", 2),
    ("knightmare", 2),
    ("djambi", 4),
    ("infinite", 2),
    ("millennium3d", 2),
    ("stratomic", 2),
];

fn sweep_games(games: &[(&str, usize)], plies: u64, quick: bool) {
    for &(game, players) in games {
        let file = text::write(&record(game, players, plies));
        let (tried, missed) = sweep(&file, quick);
        println!(
            "{game}: {} bytes, {tried} changes tried, {} missed",
            file.len(),
            missed.len()
        );
        assert!(
            missed.is_empty(),
            "{game}: changes that verified: {:?}\n{file}",
            &missed[..missed.len().min(20)]
        );
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow unoptimised: runs in the release suites (.ci/run)")]
fn every_single_byte_change_is_found_in_short_files() {
    sweep_games(&EVERY_GAME, 10, true);
}

/// Whole games of the seeded games, ending with their reveal, and longer files of the others,
/// every replacement byte (release builds: `--include-ignored`).
#[test]
#[ignore]
fn every_single_byte_change_is_found_in_whole_games() {
    sweep_games(&[("senet", 2)], 400, true);
    sweep_games(&EVERY_GAME[1..], 24, false);
}

#[test]
fn a_finished_seeded_game_without_its_reveal_fails() {
    let whole = record("senet", 2, 2000);
    assert!(
        whole.entries.last().unwrap().command.starts_with("reveal "),
        "the game ended"
    );
    let mut cut = whole.clone();
    cut.entries.pop();
    let report = verify_text(kifu_games::registry(), &text::read(&text::write(&cut)).unwrap());
    let failure = report.failure.expect("a cut-off reveal is found");
    assert!(failure.reason.contains("not revealed"), "{}", failure.reason);
    assert_eq!(failure.seq, whole.entries.len() as u64);
}
