//! Whole Solitaria games through the kernel: seeded games at every level played to the end
//! by a random player, Contrarius's entries being the ones the rules require, and verified.

use crate::tests_games::play_seeded;
use kifu_core::rules::Turn;

#[test]
fn seeded_solitaria_games_at_every_level_end_and_verify() {
    let cases: [&[(&str, &str)]; 8] = [
        &[],
        &[("level", "veteran")],
        &[("level", "expert")],
        &[("level", "strong-veteran")],
        &[("level", "strong-expert")],
        &[("level", "strong-expert"), ("spacing", "8"), ("map", "italia")],
        &[("map", "italia"), ("campaign", "yes"), ("points", "18")],
        &[("map", "italia"), ("level", "expert")],
    ];
    for (i, options) in cases.iter().enumerate() {
        let seed = format!("solitaria case {i}");
        let (record, end) = play_seeded("concordia-solitaria", 2, seed.as_bytes(), options);
        let Turn::Over { outcome } = &end else {
            panic!("case {i}: {end}");
        };
        assert!(outcome.reason.contains("Contrarius"), "{outcome}");
        assert!(record.entries.iter().any(|e| e.command.starts_with("die ")));
        assert!(record
            .entries
            .iter()
            .any(|e| e.actor == kifu_core::record::Actor::Seat(1)));
        eprintln!("case {i}: {} entries, {end}", record.entries.len());
    }
}

#[test]
fn seeded_three_player_games_with_contrarius_end_and_verify() {
    let cases: [&[(&str, &str)]; 3] = [
        &[],
        &[("level", "expert"), ("map", "italia")],
        &[("level", "strong-veteran")],
    ];
    for (i, options) in cases.iter().enumerate() {
        let seed = format!("trio case {i}");
        let (record, end) = play_seeded("concordia-solitaria", 3, seed.as_bytes(), options);
        let Turn::Over { outcome } = &end else {
            panic!("case {i}: {end}");
        };
        assert!(outcome.reason.contains("p3 "), "{outcome}");
        let by = |seat| {
            record
                .entries
                .iter()
                .filter(|e| e.actor == kifu_core::record::Actor::Seat(seat))
                .count()
        };
        assert!(
            by(0) > 10 && by(2) > 10 && by(1) > 0,
            "case {i}: {} {} {}",
            by(0),
            by(1),
            by(2)
        );
        eprintln!("trio case {i}: {} entries, {end}", record.entries.len());
    }
}
