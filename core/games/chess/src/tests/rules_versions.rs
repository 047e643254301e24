//! The three chess rules versions: records of version 1 (fixtures written before version 2
//! existed) still replay to the same bytes and verify; versions 2 and 3 hash a state of
//! constant size and keep repetitions exactly as EPD text did; version 2 refuses a snapshot
//! whose keys do not give its digest; version 3 hashes no FEN and writes it only when asked.

use kifu_core::game::{Erased, Game};
use kifu_core::record::{text, ChanceMode, Header, Record};
use kifu_core::replay::{verify_record, verify_text, Replay};
use kifu_core::rules::{Rules, Setup, Turn};

use crate::fen::shown_ep;
use crate::fen::{parse_fen, to_epd};
use crate::movegen::legal_moves;
use crate::repetition::{key, packed_key_showing};
use crate::rules::{ChessRules, ChessRulesV1, ChessRulesV2};
use crate::Variant;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../fixtures/chess/records");

/// The moves each fixture was made from (see fixtures/chess/records/README.md).
const V1_CHESS: [&str; 25] = [
    "e4",
    "e5",
    "Nf3",
    "Nc6",
    "Bb5",
    "Nf6",
    "O-O",
    "Be7",
    "Re1",
    "O-O",
    "Nc3",
    "d6",
    "Ng5",
    "Ng4",
    "Nf3",
    "Nf6",
    "Ng5",
    "Ng4",
    "Nf3",
    "Nf6",
    "Ng5",
    "Ng4",
    "Nf3",
    "Nf6",
    "draw claim",
];
const V1_CRAZYHOUSE: [&str; 21] = [
    "e4", "d5", "exd5", "Qxd5", "Nc3", "Qd8", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "P@e6", "fxe6",
    "Nf3", "P@e3", "dxe3", "Nf6", "resign",
];

fn play(game: &str, version: u32, moves: &[&str]) -> Result<Record, String> {
    let mut header = Header::new(game, version, vec!["Ann".into(), "Bob".into()], ChanceMode::Observed);
    header.id = Some(*b"kifu-v1-fixture!");
    let mut replay = Replay::start(crate::registry(), &header).map_err(|e| e.to_string())?;
    let mut rec = Record::new(header);
    for m in moves {
        rec.entries.push(replay.play(None, m, None).map_err(|e| e.to_string())?);
    }
    Ok(rec)
}

#[test]
fn version_1_fixtures_replay_byte_for_byte_and_verify() -> Result<(), String> {
    for (file, game, moves) in [
        ("v1-chess-repetition.kifu", "chess", &V1_CHESS[..]),
        ("v1-crazyhouse.kifu", "crazyhouse", &V1_CRAZYHOUSE[..]),
    ] {
        let stored = std::fs::read_to_string(format!("{FIXTURES}/{file}")).map_err(|e| e.to_string())?;
        let parsed = text::read(&stored).map_err(|e| e.reason)?;
        let report = verify_text(crate::registry(), &parsed);
        assert!(report.failure.is_none(), "{file}: {:?}", report.failure);
        assert_eq!(report.entries as usize, moves.len(), "{file}");
        let again = play(game, 1, moves)?;
        assert_eq!(text::write(&again), stored, "{file} is not made again byte for byte");
    }
    Ok(())
}

#[test]
fn a_version_1_record_does_not_verify_under_version_2() -> Result<(), String> {
    let stored = std::fs::read_to_string(format!("{FIXTURES}/v1-chess-repetition.kifu")).map_err(|e| e.to_string())?;
    let mut rec = text::read(&stored).map_err(|e| e.reason)?.record;
    rec.header.rules_version = 2;
    let failure = verify_record(crate::registry(), &rec)
        .failure
        .ok_or("version 2 took version 1's hashes")?;
    assert_eq!(failure.seq, 1, "{failure}");
    rec.header.rules_version = 3;
    let failure = verify_record(crate::registry(), &rec)
        .failure
        .ok_or("version 3 took version 1's hashes")?;
    assert_eq!(failure.seq, 1, "{failure}");
    rec.header.rules_version = 4;
    let failure = verify_record(crate::registry(), &rec)
        .failure
        .ok_or("an unknown version verified")?;
    assert!(failure.reason.contains("rules version 4"), "{failure}");
    Ok(())
}

#[test]
fn new_records_are_version_3_and_replay() -> Result<(), String> {
    assert_eq!(crate::CHESS.version(), 3);
    let rec = play("chess", 3, &V1_CHESS)?;
    assert_eq!(rec.entries.last().map(|e| e.command.as_str()), Some("draw claim"));
    let report = verify_record(crate::registry(), &rec);
    assert!(report.failure.is_none(), "{:?}", report.failure);
    assert!(matches!(report.turn, Some(Turn::Over { .. })));
    Ok(())
}

/// Plays `moves` with a rules version's `Rules` directly and returns the length of the hashed
/// bytes after each move, less the FEN's (whose length follows the pieces, not the history)
/// where the version hashes it.
fn hashed_lengths<R: Rules>(
    rules: &R,
    moves: &[&str],
    fen_of: impl Fn(&R::State) -> usize,
) -> Result<Vec<usize>, String> {
    let setup = Setup {
        options: &Default::default(),
        players: 2,
        start: None,
    };
    let mut state = rules.setup(&setup).map_err(|e| e.reason)?;
    let mut out = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        let seat = kifu_core::record::Actor::Seat((i % 2) as u8);
        let command = rules.parse(&state, seat, m).map_err(|e| e.reason)?;
        rules.apply(&mut state, seat, &command).map_err(|e| e.reason)?;
        out.push(rules.hashed_state(&state).len() - fen_of(&state));
    }
    Ok(out)
}

#[test]
fn versions_2_and_3_hash_the_same_size_however_long_the_history() -> Result<(), String> {
    // Knights out and back: no irreversible move after the first two pawn moves.
    let mut moves = vec!["e4", "e5"];
    for _ in 0..2 {
        moves.extend(["Nf3", "Nc6", "Nc3", "Nf6", "Nb1", "Nb8", "Ng1", "Ng8"]);
    }
    let v3 = hashed_lengths(
        &ChessRules {
            variant: Variant::Standard,
        },
        &moves,
        |_| 0,
    )?;
    // The key (16 bytes) and four small fields: one blake3 block.
    assert!(v3.iter().all(|&n| n == v3[0] && n <= 64), "{v3:?}");
    let v2 = hashed_lengths(
        &ChessRulesV2 {
            variant: Variant::Standard,
        },
        &moves,
        |s| s.fen().len(),
    )?;
    assert!(v2[2..].iter().all(|&n| n == v2[2]), "{v2:?}");
    let v1 = hashed_lengths(
        &ChessRulesV1 {
            variant: Variant::Standard,
        },
        &moves,
        |s| s.fen().len(),
    )?;
    assert!(v1[17] > v1[3] + 13 * 50, "version 1 grows with the history: {v1:?}");
    Ok(())
}

#[test]
fn versions_2_and_3_count_repetitions_as_version_1_did() -> Result<(), String> {
    // Every position of the cycle comes back each four plies: a claim from the third
    // occurrence of the start (ply 8), the game drawn at its fifth (ply 16), the same plies
    // under both versions.
    let cycle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let moves: Vec<&str> = cycle.iter().cycle().take(16).copied().collect();
    for version in [1, 2, 3] {
        let rec = play("chess", version, &moves)?;
        let mut replay = Replay::start(crate::registry(), &rec.header).map_err(|e| e.to_string())?;
        for (i, entry) in rec.entries.iter().enumerate() {
            replay.check(entry).map_err(|e| e.to_string())?;
            let can_claim = replay
                .current()
                .legal()
                .unwrap_or_default()
                .contains(&"draw claim".to_string());
            let over = matches!(replay.turn(), Turn::Over { .. });
            let ply = i + 1;
            assert_eq!(can_claim, (8..16).contains(&ply), "version {version}, ply {ply}");
            assert_eq!(over, ply == 16, "version {version}, ply {ply}");
        }
    }
    Ok(())
}

#[test]
fn repetition_keys_are_equal_exactly_when_the_epds_are() -> Result<(), String> {
    for variant in [
        Variant::Standard,
        Variant::Crazyhouse,
        Variant::ThreeCheck,
        Variant::Alice,
        // Boards of other sizes and shapes, and the variants whose keys carry more.
        Variant::Glinski,
        Variant::DoubleChess,
        Variant::LosAlamos,
        Variant::Plender,
        Variant::Hostage,
        Variant::Portal,
    ] {
        let mut pos = parse_fen(variant, variant.start_fen())?;
        let mut seen: Vec<(String, [u8; 16], [u8; 16])> = Vec::new();
        let mut state = 7u64;
        for _ in 0..400 {
            seen.push((to_epd(&pos), key(&pos), packed_key_showing(&pos, shown_ep(&pos, None))));
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                pos = parse_fen(variant, variant.start_fen())?;
                continue;
            }
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            // Few pieces move, so positions come back: pick among the first moves only.
            let pick = (state >> 33) as usize % moves.len().min(4);
            pos.play(&moves[pick]);
        }
        let mut repeats = 0;
        for (i, (epd_a, key_a, packed_a)) in seen.iter().enumerate() {
            for (epd_b, key_b, packed_b) in &seen[..i] {
                assert_eq!(epd_a == epd_b, key_a == key_b, "{variant:?}: {epd_a} / {epd_b}");
                assert_eq!(epd_a == epd_b, packed_a == packed_b, "{variant:?}: {epd_a} / {epd_b}");
                repeats += usize::from(epd_a == epd_b);
            }
        }
        assert!(repeats > 0, "{variant:?}: the walk never repeated a position");
    }
    Ok(())
}

#[test]
fn a_snapshot_whose_repetitions_were_changed_is_refused() -> Result<(), String> {
    let rec = play("chess", 2, &["Nf3", "Nf6", "Ng1", "Ng8"])?;
    let mut replay = Replay::start(crate::registry(), &rec.header).map_err(|e| e.to_string())?;
    for entry in &rec.entries {
        replay.check(entry).map_err(|e| e.to_string())?;
    }
    let snapshot = replay.current().snapshot();
    let v2 = Erased(ChessRulesV2 {
        variant: Variant::Standard,
    });
    assert!(v2.restore(&snapshot).is_ok());
    // The first key's first byte sits after the FEN (its length byte and text) and the key
    // count.
    let fen_len = snapshot[0] as usize;
    let mut changed = snapshot.clone();
    changed[1 + fen_len + 1] ^= 1;
    let refused = v2.restore(&changed).err().ok_or("a changed key was taken")?;
    assert!(refused.reason.contains("digest"), "{}", refused.reason);
    Ok(())
}

#[test]
fn version_3_writes_the_fen_only_when_asked_and_stores_it_as_version_2_did() -> Result<(), String> {
    let rules = ChessRules {
        variant: Variant::Standard,
    };
    let setup = Setup {
        options: &Default::default(),
        players: 2,
        start: None,
    };
    let mut state = rules.setup(&setup).map_err(|e| e.reason)?;
    for (i, m) in ["e4", "c5", "e5", "d5"].iter().enumerate() {
        let seat = kifu_core::record::Actor::Seat((i % 2) as u8);
        let command = rules.parse(&state, seat, m).map_err(|e| e.reason)?;
        rules.apply(&mut state, seat, &command).map_err(|e| e.reason)?;
    }
    // White's e5 pawn can take d5 en passant: the FEN shows d6.
    let want = "rnbqkbnr/pp2pppp/8/2ppP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
    assert_eq!(state.fen(), want);
    let snapshot = crate::CHESS
        .restore(&bincode::serde::encode_to_vec(&state, bincode::config::standard()).map_err(|e| e.to_string())?)
        .map_err(|e| e.reason)?
        .snapshot();
    let (restored, _): (crate::rules::ChessState, usize) =
        bincode::serde::decode_from_slice(&snapshot, bincode::config::standard()).map_err(|e| e.to_string())?;
    assert_eq!(restored.fen(), want);
    assert_eq!(restored, state);
    assert_eq!(rules.hashed_state(&restored), rules.hashed_state(&state));
    // The stored form starts with the FEN as version 2's did: its length, then its text.
    assert_eq!(snapshot[0] as usize, want.len());
    assert_eq!(&snapshot[1..1 + want.len()], want.as_bytes());
    Ok(())
}

#[test]
fn version_3_hashes_the_move_counters_and_the_offer() -> Result<(), String> {
    // Knights out and back: the start position again, two moves on.
    let rec = play("chess", 3, &["Nf3", "Nf6", "Ng1", "Ng8", "draw offer"])?;
    let states: Vec<Option<[u8; 8]>> = rec.entries.iter().map(|e| e.state).collect();
    let start = play("chess", 3, &["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"])?;
    let again: Vec<Option<[u8; 8]>> = start.entries.iter().map(|e| e.state).collect();
    assert_ne!(states[3], again[7], "the fullmove number is hashed");
    assert_ne!(states[3], states[4], "the draw offer is hashed");
    assert!(states.iter().all(Option::is_some), "{states:?}");
    Ok(())
}

#[test]
fn a_version_3_snapshot_without_the_current_key_is_refused() -> Result<(), String> {
    let rec = play("chess", 3, &["e4"])?;
    let mut replay = Replay::start(crate::registry(), &rec.header).map_err(|e| e.to_string())?;
    for entry in &rec.entries {
        replay.check(entry).map_err(|e| e.to_string())?;
    }
    let snapshot = replay.current().snapshot();
    let fen_len = snapshot[0] as usize;
    // The key count follows the FEN: 1. Made 0, with the key dropped.
    assert_eq!(snapshot[1 + fen_len], 1);
    let mut changed = snapshot[..1 + fen_len].to_vec();
    changed.push(0);
    changed.extend_from_slice(&snapshot[1 + fen_len + 1 + 16..]);
    let refused = crate::CHESS
        .restore(&changed)
        .err()
        .ok_or("a state without keys was taken")?;
    assert!(refused.reason.contains("repetition keys"), "{}", refused.reason);
    Ok(())
}

/// The bytes a version hands the state hash (`Rules::with_hashed_state`, written on the stack
/// by version 3 while the counters are small) are `hashed_state`'s, along seeded games with
/// draw offers, results and counters on both sides of the one-byte limit, in every version.
fn hands_the_hashed_bytes<R: Rules>(rules: &R) -> Result<usize, String> {
    let mut seed = 5u64;
    let mut compared = 0;
    let starts = [
        None,
        Some("r3k2r/pPppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPpP/R3K2R w KQkq - 0 1"),
        Some("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 247 248"),
        Some("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 3 250"),
    ];
    for start in starts {
        for _game in 0..12 {
            let setup = Setup {
                options: &Default::default(),
                players: 2,
                start,
            };
            let mut state = rules.setup(&setup).map_err(|e| e.reason)?;
            for ply in 0..80 {
                assert_eq!(
                    rules.with_hashed_state(&state, <[u8]>::to_vec),
                    rules.hashed_state(&state),
                    "{start:?}, ply {ply}"
                );
                compared += 1;
                let Turn::Seat { seat } = rules.turn(&state) else {
                    break;
                };
                let legal = rules.legal(&state).ok_or("chess lists its moves")?;
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let actor = kifu_core::record::Actor::Seat(seat);
                rules
                    .apply(&mut state, actor, &legal[seed as usize % legal.len()])
                    .map_err(|e| e.reason)?;
            }
        }
    }
    Ok(compared)
}

#[test]
fn every_version_hands_the_state_hash_its_hashed_bytes() -> Result<(), String> {
    let standard = Variant::Standard;
    let compared = hands_the_hashed_bytes(&ChessRules { variant: standard })?;
    assert!(compared > 1000, "{compared}");
    hands_the_hashed_bytes(&ChessRulesV2 { variant: standard })?;
    hands_the_hashed_bytes(&ChessRulesV1 { variant: standard })?;
    Ok(())
}
