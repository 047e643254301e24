//! What the record tests of the fairy variants share: a game played through the kernel from a
//! header (each typed move kept as the canonical text the rules return), and a record sent
//! out as PGN and read back into a new record.

use kifu_core::format::{build, Format};
use kifu_core::record::{Header, Record};
use kifu_core::replay::Replay;

/// The record of `moves` typed from `header`'s start, and the texts kept for them.
pub(super) fn play(header: Header, moves: &[&str]) -> Result<(Record, Vec<String>), String> {
    let mut replay = Replay::start(crate::registry(), &header).map_err(|e| e.to_string())?;
    let mut rec = Record::new(header);
    let mut texts = Vec::new();
    for text in moves {
        let entry = replay.play(None, text, None).map_err(|e| e.to_string())?;
        texts.push(entry.command.clone());
        rec.entries.push(entry);
    }
    Ok((rec, texts))
}

/// The record written as PGN (which must hold `tag`), read back and built again.
pub(super) fn through_pgn(rec: &Record, tag: &str) -> Result<Record, String> {
    let pgn = crate::notation::PGN.write(rec).map_err(|e| e.to_string())?;
    if !pgn.contains(tag) {
        return Err(format!("no {tag} in:\n{pgn}"));
    }
    let drafts = crate::notation::PGN.read(&pgn);
    let draft = drafts
        .first()
        .ok_or("no game read")?
        .as_ref()
        .map_err(|e| e.to_string())?;
    let back = build(crate::registry(), draft, None).map_err(|e| e.to_string())?;
    if back.header.game != rec.header.game || back.header.options != rec.header.options {
        return Err(format!("read back as {} {:?}", back.header.game, back.header.options));
    }
    if back.entries.len() != rec.entries.len() {
        return Err(format!(
            "{} moves read back of {}",
            back.entries.len(),
            rec.entries.len()
        ));
    }
    Ok(back)
}
