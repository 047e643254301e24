//! Whole games through the registry: moves as canonical SAN, resign, draw offers, claims,
//! fivefold repetition, the seventy-five-move rule, variant ends and Chess960 set-up.

use std::collections::BTreeMap;

use kifu_core::game::Match;
use kifu_core::record::Actor;
use kifu_core::rules::{Setup, Turn};

fn start(game: &str, fen: Option<&str>, options: &[(&str, &str)]) -> Result<Box<dyn Match>, String> {
    let options: BTreeMap<String, String> = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let setup = Setup {
        options: &options,
        players: 2,
        start: fen,
    };
    let g = crate::registry().find(game).ok_or("no such game")?;
    g.start(&setup).map_err(|e| e.reason)
}

/// Plays `moves` alternately from whoever is to move; returns the canonical texts.
fn play(m: &mut Box<dyn Match>, moves: &[&str]) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    for text in moves {
        let Turn::Seat { seat } = m.turn() else {
            return Err(format!("game over before {text}"));
        };
        out.push(m.apply(Actor::Seat(seat), text).map_err(|e| format!("{text}: {e}"))?);
    }
    Ok(out)
}

fn over(m: &dyn Match) -> String {
    match m.turn() {
        Turn::Over { outcome } => outcome.to_string(),
        t => format!("not over: {t}"),
    }
}

#[test]
fn every_variant_is_registered() {
    for name in [
        "chess",
        "chess960",
        "crazyhouse",
        "atomic",
        "antichess",
        "horde",
        "kingofthehill",
        "threecheck",
        "racingkings",
    ] {
        let m = start(name, None, &[]);
        assert!(m.is_ok_and(|m| m.turn() == Turn::seat(0)), "{name}");
    }
}

#[test]
fn fools_mate_in_canonical_san() -> Result<(), String> {
    let mut m = start("chess", None, &[])?;
    let texts = play(&mut m, &["f2f3", "e5", "g4", "Qd8-h4"])?;
    assert_eq!(texts, vec!["f3", "e5", "g4", "Qh4#"]);
    assert_eq!(over(m.as_ref()), "p2 wins: checkmate");
    assert!(m.state_json(kifu_core::rules::View::Public)["fen"]
        .as_str()
        .is_some_and(|f| f.starts_with("rnb1kbnr")));
    Ok(())
}

/// The SAN a move's text gave is kept for writing it back: the canonical text still carries
/// the check mark the position gives, never the one typed, and a move typed otherwise (UCI)
/// is written as SAN.
#[test]
fn canonical_text_carries_the_check_mark_the_position_gives() -> Result<(), String> {
    let mut m = start("chess", None, &[])?;
    let texts = play(&mut m, &["e4+", "f5#", "Qh5", "g6+", "h2h3", "g6h5"])?;
    assert_eq!(texts, vec!["e4", "f5", "Qh5+", "g6", "h3", "gxh5"]);
    Ok(())
}

#[test]
fn resign_and_draw_agreement() -> Result<(), String> {
    let mut m = start("chess", None, &[])?;
    play(&mut m, &["resign"])?;
    assert_eq!(over(m.as_ref()), "p2 wins: white resigned");
    let mut m = start("chess", None, &[])?;
    assert!(m.apply(Actor::Seat(0), "draw accept").is_err(), "nothing to accept");
    let mut m = start("chess", None, &[])?;
    let texts = play(&mut m, &["offer draw", "e4", "draw accept"])?;
    assert_eq!(texts, vec!["draw offer", "e4", "draw accept"]);
    assert_eq!(over(m.as_ref()), "draw: agreed");
    let mut m = start("chess", None, &[])?;
    play(&mut m, &["e4", "draw offer", "e5", "draw decline", "Nf3"])?;
    assert_eq!(m.turn(), Turn::seat(1));
    let mut m = start("chess", None, &[])?;
    play(&mut m, &["draw offer", "e4", "e5"])?;
    assert!(
        m.apply(Actor::Seat(0), "draw accept").is_err(),
        "a move declines the offer"
    );
    assert!(m
        .apply(Actor::Seat(1), "d4")
        .is_err_and(|e| e.reason.contains("white's move")));
    Ok(())
}

#[test]
fn threefold_claim_and_fivefold_end() -> Result<(), String> {
    let mut m = start("chess", None, &[])?;
    let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    play(&mut m, &shuffle)?;
    assert!(
        m.clone_box().apply(Actor::Seat(0), "claim").is_err(),
        "only twice so far"
    );
    play(&mut m, &shuffle)?;
    assert!(m.legal().is_some_and(|l| l.contains(&"draw claim".to_string())));
    let mut claimed = m.clone_box();
    play(&mut claimed, &["claim"])?;
    assert_eq!(over(claimed.as_ref()), "draw: threefold repetition, claimed");
    play(&mut m, &shuffle)?;
    play(&mut m, &shuffle)?;
    assert_eq!(over(m.as_ref()), "draw: fivefold repetition");
    Ok(())
}

#[test]
fn fifty_move_claim_and_seventy_five_move_end() -> Result<(), String> {
    let mut m = start("chess", Some("4k3/8/8/8/8/8/8/R3K3 w - - 99 80"), &[])?;
    assert!(m.clone_box().apply(Actor::Seat(0), "draw claim").is_err());
    play(&mut m, &["Ra2"])?;
    play(&mut m.clone_box(), &["claim"])?;
    let mut m = start("chess", Some("4k3/8/8/8/8/8/8/R3K3 w - - 149 80"), &[])?;
    play(&mut m, &["Ra2"])?;
    assert_eq!(
        over(m.as_ref()),
        "draw: seventy-five moves without a capture or a pawn move"
    );
    Ok(())
}

#[test]
fn insufficient_material_and_stalemate() -> Result<(), String> {
    let mut m = start("chess", Some("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1"), &[])?;
    play(&mut m, &["Kxd2"])?;
    assert_eq!(over(m.as_ref()), "draw: insufficient material");
    let m = start("chess", Some("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1"), &[])?;
    assert_eq!(m.turn(), Turn::seat(0), "bishops on both colours can mate");
    let m = start("chess", Some("2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1"), &[])?;
    assert_eq!(over(m.as_ref()), "draw: insufficient material", "same-coloured bishops");
    let mut m = start("chess", Some("k7/8/1Q6/8/8/8/8/K7 w - - 0 1"), &[])?;
    assert_eq!(play(&mut m, &["Qb6-c7"])?, vec!["Qc7"]);
    assert_eq!(over(m.as_ref()), "draw: stalemate");
    Ok(())
}

#[test]
fn variant_wins() -> Result<(), String> {
    let mut koth = start("kingofthehill", Some("4k3/8/8/8/8/4K3/8/8 w - - 0 1"), &[])?;
    assert_eq!(
        play(&mut koth, &["Ke4"])?,
        vec!["Ke4#"],
        "a winning variant move is marked #"
    );
    assert_eq!(over(koth.as_ref()), "p1 wins: the white king reached the hill");
    let mut three = start("threecheck", Some("4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1"), &[])?;
    assert_eq!(play(&mut three, &["Ra8+"])?, vec!["Ra8#"]);
    assert_eq!(over(three.as_ref()), "p1 wins: white gave the third check");
    let mut atomic = start("atomic", Some("4k3/4p3/8/8/8/8/8/R3K3 w - - 0 1"), &[])?;
    assert!(atomic.clone_box().apply(Actor::Seat(0), "Kd2").is_ok());
    assert_eq!(play(&mut atomic, &["Ra7", "Kf8", "Rxe7"])?, vec!["Ra7", "Kf8", "Rxe7#"]);
    assert_eq!(over(atomic.as_ref()), "p1 wins: the black king exploded");
    let mut anti = start("antichess", Some("8/8/8/8/8/8/1p6/2R5 b - - 0 1"), &[])?;
    assert!(
        anti.clone_box().apply(Actor::Seat(1), "b1=Q").is_err(),
        "capture is compulsory"
    );
    play(&mut anti, &["bxc1=K"])?;
    assert_eq!(over(anti.as_ref()), "p1 wins: white lost every piece");
    let mut race = start("racingkings", Some("8/6K1/8/8/8/8/k7/8 w - - 0 1"), &[])?;
    play(&mut race, &["Kg8"])?;
    assert_eq!(over(race.as_ref()), "p1 wins: the white king reached the eighth rank");
    let mut race = start("racingkings", Some("8/k5K1/8/8/8/8/8/8 w - - 0 1"), &[])?;
    play(&mut race, &["Kg8"])?;
    assert_eq!(race.turn(), Turn::seat(1), "black may still draw");
    play(&mut race.clone_box(), &["Kb8"])?;
    let mut drawn = race.clone_box();
    play(&mut drawn, &["Kb8"])?;
    assert_eq!(over(drawn.as_ref()), "draw: both kings reached the eighth rank");
    play(&mut race, &["Kb6"])?;
    assert_eq!(over(race.as_ref()), "p1 wins: the white king reached the eighth rank");
    Ok(())
}

#[test]
fn chess960_position_option_and_setup_errors() -> Result<(), String> {
    let m = start("chess960", None, &[("position", "0")])?;
    assert!(m.state_json(kifu_core::rules::View::Full)["fen"]
        .as_str()
        .is_some_and(|f| f.starts_with("bbqnnrkr/")));
    let m = start("chess960", None, &[("position", "518")])?;
    assert!(m.state_json(kifu_core::rules::View::Full)["fen"]
        .as_str()
        .is_some_and(|f| f.starts_with("rnbqkbnr/")));
    assert!(start("chess960", None, &[("position", "960")]).is_err());
    assert!(start("chess", None, &[("position", "1")]).is_err_and(|e| e.contains("unknown option")));
    assert!(start("chess", Some("8/8/8/8/8/8/8/8 w - - 0 1"), &[]).is_err_and(|e| e.contains("kings")));
    Ok(())
}

#[test]
fn render_shows_board_and_pockets() -> Result<(), String> {
    let mut m = start("crazyhouse", None, &[])?;
    play(&mut m, &["e4", "d5", "exd5"])?;
    let text = m.render(kifu_core::rules::View::Public);
    assert!(text.contains(" 8  r n b q k b n r"), "{text}");
    assert!(text.contains("    a b c d e f g h"), "{text}");
    assert!(text.contains("white pocket: P"), "{text}");
    assert!(text.contains("black to move"), "{text}");
    Ok(())
}

#[test]
fn commands_other_than_moves_are_read_in_any_case_and_spacing() -> Result<(), String> {
    let named = [
        ("RESIGNS", "resign"),
        ("  Resign ", "resign"),
        ("Draw\tOFFER", "draw offer"),
        ("offer  Draw", "draw offer"),
        ("Offer", "draw offer"),
        ("DRAW?", "draw offer"),
    ];
    for (typed, canonical) in named {
        let mut m = start("chess", None, &[])?;
        assert_eq!(play(&mut m, &[typed])?, vec![canonical], "{typed:?}");
    }
    for (offer, answer, canonical) in [
        ("draw offer", "Accept  DRAW", "draw accept"),
        ("offer", "draw Accept", "draw accept"),
        ("offer", "DECLINE", "draw decline"),
        ("offer", "Decline draw", "draw decline"),
        ("offer", "draw DECLINE", "draw decline"),
    ] {
        let mut m = start("chess", None, &[])?;
        assert_eq!(play(&mut m, &[offer, "e4", answer])?[2], canonical, "{answer:?}");
    }
    let mut m = start("chess", Some("4k3/8/8/8/8/8/8/R3K3 w - - 100 60"), &[])?;
    assert_eq!(play(&mut m.clone_box(), &["CLAIM draw"])?, vec!["draw claim"]);
    assert_eq!(play(&mut m.clone_box(), &["Draw Claim"])?, vec!["draw claim"]);
    // Three words, a word too many or a near miss name no command: they are read as moves.
    for typed in ["draw offer now", "resign resign", "draws", "offer draw!", "claimdraw"] {
        assert!(m.apply(Actor::Seat(0), typed).is_err(), "{typed:?}");
    }
    Ok(())
}
