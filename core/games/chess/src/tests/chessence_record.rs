//! Chessence as a game: typed moves kept as SAN, verified from scratch, its PGN with the
//! `Variant` tag out and back, and a move a man has no power for refused with its entry.

use super::record_kit::{self, through_pgn};
use kifu_core::record::{ChanceMode, Header, Record};
use kifu_core::replay::verify_record;

fn play(moves: &[&str]) -> Result<(Record, Vec<String>), String> {
    let header = Header::new("chessence", 1, vec!["Ann".into(), "Bob".into()], ChanceMode::Observed);
    record_kit::play(header, moves)
}

/// White's d3c3: d2 also reaches c3 as a bishop, so the rank is named; black's c7d7: c8 also
/// reaches d7 as a bishop; white's e3e4: c3 (a knight's move from e2) also reaches e4; black's
/// c8c9: b9 (a rook by b8) also reaches c9; then entries on the two cells left empty.
const MOVES: [&str; 6] = ["d3c3", "c7d7", "e3e4", "c8c9", "P@e3", "P@c8"];

#[test]
fn moves_are_kept_as_san_and_verify() -> Result<(), String> {
    let (rec, texts) = play(&MOVES)?;
    assert_eq!(texts, vec!["P3c3", "P7d7", "Pee4", "Pcc9", "P@e3", "P@c8"]);
    let report = verify_record(crate::registry(), &rec);
    assert!(report.failure.is_none(), "{:?}", report.failure);
    Ok(())
}

#[test]
fn pgn_out_and_back_with_the_variant_tag() -> Result<(), String> {
    let (rec, _) = play(&MOVES)?;
    through_pgn(&rec, "[Variant \"Chessence\"]")?;
    Ok(())
}

/// From the start: e2e1 would land on a friend, a king never moves, an entry goes only to an
/// empty start cell; each refusal names the entry and the reason.
#[test]
fn moves_without_the_power_are_refused_with_the_reason() {
    let reason = |moves: &[&str]| play(moves).err().unwrap_or_default();
    let r = reason(&["e2e1"]);
    assert!(r.contains("entry 1") && r.contains("cannot reach e1"), "{r}");
    let r = reason(&["f1f3"]);
    assert!(r.contains("kings never move"), "{r}");
    let r = reason(&["P@c3"]);
    assert!(r.contains("start cell"), "{r}");
    let r = reason(&["d3c3", "a9a7"]);
    assert!(r.contains("entry 2") && r.contains("kings never move"), "{r}");
}

/// Plays `moves` through the registry's Chessence from `fen` (the start when `None`).
fn game(fen: Option<&str>, moves: &[&str]) -> Result<(Box<dyn kifu_core::game::Match>, Vec<String>), String> {
    use kifu_core::record::Actor;
    use kifu_core::rules::{Setup, Turn};
    let options = std::collections::BTreeMap::new();
    let setup = Setup {
        options: &options,
        players: 2,
        start: fen,
    };
    let g = crate::registry().find("chessence").ok_or("no chessence")?;
    let mut m = g.start(&setup).map_err(|e| e.reason)?;
    let mut texts = Vec::new();
    for text in moves {
        let Turn::Seat { seat } = m.turn() else {
            return Err(format!("game over before {text}"));
        };
        texts.push(m.apply(Actor::Seat(seat), text).map_err(|e| format!("{text}: {e}"))?);
    }
    Ok((m, texts))
}

fn over(m: &dyn kifu_core::game::Match) -> String {
    match m.turn() {
        kifu_core::rules::Turn::Over { outcome } => outcome.to_string(),
        t => format!("not over: {t}"),
    }
}

/// The draw: f2f3/f3f2 against a8a7/a7a8 brings the start back; the third time a draw may be
/// claimed, the fifth ends the game. (No fifty-move rule: see the seed page.)
#[test]
fn repetition_draws() -> Result<(), String> {
    use kifu_core::record::Actor;
    let shuffle = ["f2f3", "a8a7", "f3f2", "a7a8"];
    let (m, texts) = game(None, &[shuffle, shuffle].concat())?;
    // e2 (a bishop) and e3 (a rook) also reach f3, b7 reaches a7, e1 and e3 reach f2, b7 and
    // b9 reach a8: each move names its file.
    assert_eq!(&texts[..4], ["Pff3", "Paa7", "Pff2", "Paa8"]);
    assert!(m.legal().is_some_and(|l| l.contains(&"draw claim".to_string())));
    let mut claimed = m.clone_box();
    claimed.apply(Actor::Seat(0), "claim").map_err(|e| e.to_string())?;
    assert_eq!(over(claimed.as_ref()), "draw: threefold repetition, claimed");
    let (m, _) = game(None, &[shuffle, shuffle, shuffle, shuffle].concat())?;
    assert_eq!(over(m.as_ref()), "draw: fivefold repetition");
    Ok(())
}

/// Check and mate marks. d8b8 lands diagonally next to the white man a7, so b8 is a bishop
/// and touches the king a9. With black's e9 and f9 (rooks along rank 9 and down the e-file)
/// nothing takes b8 or a7: mate. With black's b6 and c7 (bishops by each other) c7 takes b8
/// and b6 takes a7: only check; and c7xb8 leaves white's d7 alone and a7 alone, so white has
/// no move: that answer itself wins (`#`).
#[test]
fn check_and_mate_are_marked() -> Result<(), String> {
    let (m, texts) = game(Some("k3pp/3P1*/P2P*1/2*3/1*2*1/3*2/1*4/*5/5K[] w - - 0 1"), &["d8b8"])?;
    assert_eq!(texts, ["Pb8#"]);
    assert!(over(m.as_ref()).contains("checkmate"), "{}", over(m.as_ref()));
    let (m, texts) = game(Some("k5/3P1*/P1pP*1/1p*3/1*2*1/3*2/1*4/*5/5K[] w - - 0 1"), &["d8b8"])?;
    assert_eq!(texts, ["Pb8+"]);
    let mut answers = m.legal().unwrap_or_default();
    answers.sort();
    assert_eq!(
        answers.iter().filter(|t| t.starts_with('P')).collect::<Vec<_>>(),
        ["Pxa7", "Pxb8#"]
    );
    Ok(())
}

/// Positions that cannot arise are refused with the reason.
#[test]
fn impossible_positions_are_refused() {
    use crate::fen::parse_fen;
    use crate::variant::Variant;
    let refused = |fen: &str| parse_fen(Variant::Chessence, fen).err().unwrap_or_default();
    let cases = [
        ("k5/5*/4*1/2*3/1*2*1/3*2/1*4/*5/4K1[] w - - 0 1", "never leaves f1"),
        ("k5/5*/4*1/2*3/1*2*1/3*2/1*4/*5/4NK[] w - - 0 1", "only kings and men"),
        ("k5/5*/4*1/2*3/1*2*1/3*2/1*4/*5/5K[PPPP] w - - 0 1", "4 men in reserve"),
        ("k5/5*/4*1/2*3/1*2*1/3*2/1*4/*5/5K[N] w - - 0 1", "other than men"),
        ("k5/5*/4*1/2*3/1*2*1/3*2/1*4/*PPPPP/PPPPPK[] w - - 0 1", "10 men"),
        ("k5/5*/4*1/2*3/1*2*1/3*2/1*4/*PPP2/PPPPPK[PP] w - - 0 1", "10 men"),
        ("k4p/5*/4*1/2*3/P*2*1/P2*2/1*4/*5/5K[] w - - 0 1", "in check"),
        ("k4P/5*/4*1/2*3/1*2*1/3*2/1*4/P5/5K[] w - - 0 1", "hole"),
    ];
    for (fen, why) in cases {
        let r = refused(fen);
        assert!(r.contains(why), "{fen}: '{r}', want '{why}'");
    }
    assert!(parse_fen(Variant::Chessence, crate::fairy::chessence::START).is_ok());
}
