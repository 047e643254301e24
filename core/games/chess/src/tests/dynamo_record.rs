//! Dynamo chess as a game: pushes, pulls and a push off the board typed in UCI and kept as
//! SAN, verified from scratch, its PGN with the `Variant` tag out and back, SAN and UCI of one
//! move read to the same move, and a move the rules do not allow refused at its entry.

use super::record_kit::{self, through_pgn};
use kifu_core::record::{ChanceMode, Header, Record};
use kifu_core::replay::verify_record;

fn play(moves: &[&str]) -> Result<(Record, Vec<String>), String> {
    let header = Header::new("dynamo", 1, vec!["Ann".into(), "Bob".into()], ChanceMode::Observed);
    record_kit::play(header, moves)
}

/// The g1 knight pushes the e-pawn to c3; the b8 knight pushes the d-pawn to f6; the queen
/// pushes the e5 pawn off the board along the fifth rank, then steps back pulling the h6
/// knight to h5.
const MOVES: [&str; 7] = [
    "g1g1/e2c3",
    "e7e5",
    "d1h5",
    "b8b8/d7f6",
    "h5h5/e5x",
    "g8h6",
    "h5h4/h6h5",
];

#[test]
fn moves_are_kept_as_san_and_verify() -> Result<(), String> {
    let (rec, texts) = play(&MOVES)?;
    assert_eq!(
        texts,
        vec![
            "Ng1g1/e2c3",
            "e5",
            "Qh5",
            "Nb8b8/d7f6",
            "Qh5h5/e5x",
            "Nh6",
            "Qh5h4/h6h5"
        ]
    );
    let report = verify_record(crate::registry(), &rec);
    assert!(report.failure.is_none(), "{:?}", report.failure);
    Ok(())
}

#[test]
fn pgn_out_and_back_with_the_variant_tag() -> Result<(), String> {
    let (rec, _) = play(&MOVES)?;
    let back = through_pgn(&rec, "[Variant \"Dynamo\"]")?;
    let commands = |r: &Record| r.entries.iter().map(|e| e.command.clone()).collect::<Vec<_>>();
    assert_eq!(commands(&back), commands(&rec));
    Ok(())
}

#[test]
fn san_and_uci_read_to_the_same_move() -> Result<(), String> {
    use crate::san::{move_to_san, parse_move};
    use crate::uci::{move_to_uci, parse_uci};
    let pos = crate::fen::parse_fen(crate::variant::Variant::Dynamo, "4k3/1R6/8/8/8/8/1p6/4K3 w - - 0 1")?;
    for (uci, san) in [
        ("b7b7/b2b1n", "Rb7b7/b2b1=N"),
        ("b7x/b2b3", "Rb7x/b2b3"),
        ("b7b1/b2x", "Rb7b1/b2x"),
    ] {
        let m = parse_uci(&pos, uci)?;
        assert_eq!(move_to_san(&pos, &m), san);
        assert_eq!(move_to_uci(&pos, &m), uci);
        assert_eq!(parse_move(&pos, san)?, m, "{san}");
        assert_eq!(parse_move(&pos, uci)?, m, "{uci}");
    }
    for bad in [
        "b7b7/b2b1",
        "Nb7b7/b2b1=N",
        "b7b7/b2b1=K",
        "b7c7/b2b1n",
        "b7b7/b3b1n",
        "\u{e9}7b7/b2b1n",
        "b\u{e9}/b2x",
        "b7/",
        "/b2x",
        "b7b7//b2x",
        "b7x=",
    ] {
        assert!(parse_move(&pos, bad).is_err(), "{bad} was read");
    }
    Ok(())
}

/// The h1 rook cannot pull the h5 knight onto its own square past the h2 pawn (entry 8).
#[test]
fn a_move_the_rules_do_not_allow_is_refused() {
    let mut moves = MOVES.to_vec();
    moves.push("h1h1/h5h1");
    let reason = play(&moves).err().unwrap_or_default();
    assert!(reason.contains("entry 8"), "{reason}");
}

/// PGN move words: pushes, pulls and exits are kept whole for the engine; other words are
/// read as before.
#[test]
fn pgn_words_of_pushes_and_pulls() {
    use crate::pgn::{parse_move, MoveToken};
    for word in ["Bf1f1/e2a6+", "Ra3x/a6x", "Nb1x", "b7b7/b2b1n", "Rb7b7/b2b1=N#"] {
        let parsed = parse_move(word).unwrap_or_else(|e| panic!("{word}: {e}"));
        let MoveToken::Dynamo { text, len } = parsed.token else {
            panic!("{word} read as {:?}", parsed.token);
        };
        let kept: String = text[..usize::from(len)].iter().map(|&b| b as char).collect();
        assert_eq!(kept, word.trim_end_matches(['+', '#']));
    }
    for word in ["Ra1a3", "exd5", "e8=Q", "Nbd2"] {
        let parsed = parse_move(word).unwrap_or_else(|e| panic!("{word}: {e}"));
        assert!(!matches!(parsed.token, MoveToken::Dynamo { .. }), "{word}");
    }
    assert!(!matches!(
        parse_move("1/2").map(|p| p.token),
        Ok(MoveToken::Dynamo { .. })
    ));
}

/// Along two pseudo-random games, every legal move's SAN and UCI read back to that move alone.
#[test]
#[cfg_attr(debug_assertions, ignore = "slow unoptimised: runs in the release suites (.ci/run)")]
fn every_move_reads_back_from_its_san_and_uci() -> Result<(), String> {
    use crate::san::{move_to_san, parse_move};
    use crate::uci::{move_to_uci, parse_uci};
    for seed in [7u64, 1968] {
        let mut state = seed;
        let mut pos = crate::fen::parse_fen(
            crate::variant::Variant::Dynamo,
            crate::variant::Variant::Dynamo.start_fen(),
        )?;
        for _ in 0..10 {
            let legal = crate::movegen::legal_moves(&pos);
            if legal.is_empty() {
                break;
            }
            for m in &legal {
                let (san, uci) = (move_to_san(&pos, m), move_to_uci(&pos, m));
                assert_eq!(parse_move(&pos, &san)?, *m, "{san}");
                assert_eq!(parse_uci(&pos, &uci)?, *m, "{uci}");
            }
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let pick = legal[(state >> 33) as usize % legal.len()];
            pos.play(&pick);
        }
    }
    Ok(())
}
