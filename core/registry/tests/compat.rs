//! Records made by an earlier kifu still verify, byte for byte: one seeded demo game of every
//! game registered at commit cb6daac (`kifu demo GAME --seed 000102..0f --policy 07`, exported
//! as kifu text, `--as arbiter` where the record hides cards), kept in fixtures/compat/.
//! A game whose rules version was raised since must refuse its old records by that version,
//! never by a changed hash: a verifier must not call an honest record tampered.

use std::path::PathBuf;

use kifu_core::record::text;
use kifu_core::replay::verify_text;

/// Games whose rules version went from 1 to 2 without keeping version 1 (see FORMAT.md,
/// "Rules versions"): their old records are refused by version.
const RAISED_WITHOUT_V1: &[&str] = &[];

fn fixtures() -> Vec<(String, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/compat");
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "kifu"))
        .map(|p| {
            let game = p.file_stem().unwrap().to_string_lossy().into_owned();
            (game, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    files.sort();
    files
}

#[test]
fn every_old_record_verifies_or_is_refused_by_its_rules_version() {
    let files = fixtures();
    assert!(files.len() >= 30, "only {} compatibility fixtures", files.len());
    let mut wrong = Vec::new();
    for (game, body) in &files {
        let file = text::read(body).unwrap_or_else(|e| panic!("{game}: {e}"));
        let report = verify_text(kifu_games::registry(), &file);
        let failure = report.failure.map(|f| f.to_string());
        match (RAISED_WITHOUT_V1.contains(&game.as_str()), failure) {
            (false, None) => {}
            (true, Some(f)) if f.contains("rules version 1") => {}
            (raised, failure) => wrong.push(format!("{game} (version raised: {raised}): {failure:?}")),
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
