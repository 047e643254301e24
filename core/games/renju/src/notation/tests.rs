//! Each format read, played through the rules and written back; bad input reported by place.

use super::renlib::{read_renlib, renlib_drafts, write_renlib, write_renlib_record};
use super::{coords, psq, renjunet, renlib, sgf, Point};
use kifu_core::format::{build, Draft, Format, FormatError};
use kifu_core::record::Record;

fn one(format: &dyn Format, text: &str) -> Draft {
    let mut drafts = format.read(text);
    assert_eq!(drafts.len(), 1, "{drafts:?}");
    drafts.remove(0).unwrap_or_else(|e| panic!("{e}"))
}

fn record(draft: &Draft) -> Record {
    build(crate::registry(), draft, None).unwrap_or_else(|e| panic!("{e}"))
}

fn moves(draft: &Draft) -> Vec<&str> {
    draft.moves.iter().map(|m| m.text.as_str()).collect()
}

fn p(text: &str) -> Point {
    Point::parse(text, 15).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn coords_with_and_without_spaces() {
    let spaced = one(&coords::FORMAT, "h8 i9 h7\n");
    let packed = one(&coords::FORMAT, "H8i9h7");
    let numbered = one(&coords::FORMAT, "1. h8 2. i9\n3. h7");
    assert_eq!(moves(&spaced), ["h8", "i9", "h7"]);
    assert_eq!(moves(&packed), moves(&spaced));
    assert_eq!(moves(&numbered), moves(&spaced));
    assert_eq!(one(&coords::FORMAT, "a15o1a1").moves.len(), 3);
    let written = coords::FORMAT.write(&record(&spaced));
    assert_eq!(written, Ok("h8 i9 h7\n".to_string()));
    let two = coords::FORMAT.read("h8 i9\n\nh8 h9 pass\n");
    assert_eq!(two.len(), 2);
    let bad = coords::FORMAT.read("h8 i9\nh7 ?\n");
    assert!(matches!(&bad[0], Err(FormatError { line: Some(2), .. })), "{bad:?}");
    // A taken point is the rules' business: the build names the ply.
    let taken = build(crate::registry(), &one(&coords::FORMAT, "h8 h8"), None).unwrap_err();
    assert_eq!(taken.ply, Some(2));
}

#[test]
fn sgf_round_trip_with_metadata_and_set_up() {
    let text = "(;GM[4]FF[4]SZ[15]PB[Ann Lee]PW[Bob]EV[Cup \\] final]RO[3]DT[2024-05-01]RE[B+R]\n;B[hh];W[ii]\n(;B[hi];W[ao])(;B[aa]))";
    let d = one(&sgf::FORMAT, text);
    assert_eq!(moves(&d), ["h8", "i7", "h7", "a1"]);
    assert_eq!(d.players, ["Ann Lee", "Bob"]);
    assert_eq!(d.tags.get("event").map(String::as_str), Some("Cup ] final"));
    assert_eq!(d.tags.get("result").map(String::as_str), Some("black"));
    let rec = record(&d);
    let written = sgf::FORMAT.write(&rec).unwrap_or_else(|e| panic!("{e}"));
    let again = one(&sgf::FORMAT, &written);
    assert_eq!(
        again.moves.iter().map(|m| &m.text).collect::<Vec<_>>(),
        d.moves.iter().map(|m| &m.text).collect::<Vec<_>>()
    );
    assert_eq!((again.players, again.tags), (d.players.clone(), d.tags.clone()));

    let setup = one(&sgf::FORMAT, "(;GM[4]SZ[15]AB[hh][ii]AW[hi]PL[W];W[jj])");
    assert_eq!(setup.start.as_deref(), Some("b:i7,h8 w:h7 to:w"));
    let written = sgf::FORMAT.write(&record(&setup)).unwrap_or_default();
    assert_eq!(one(&sgf::FORMAT, &written).start, setup.start);

    let big = one(&sgf::FORMAT, "(;GM[4]SZ[19];B[jj])");
    assert_eq!(
        (big.game.as_str(), big.options.get("size").map(String::as_str)),
        ("gomoku", Some("19"))
    );
    for bad in [
        "(;GM[1];B[hh])",
        "(;GM[4];B[hh];B[ii])",
        "(;GM[4];B[zz])",
        "(;GM[4];B[hh]",
        "(;GM[4]SZ[15:13])",
        "x",
        // Set-up stones are read in the root only; anywhere else they are refused.
        "(;GM[4];B[hh];AB[ii];W[jj])",
        "(;GM[4];B[hh]AW[ii])",
        "(;GM[4];B[hh];AE[hh])",
        "(;GM[4]AB[hh]AE[ii];W[jj])",
    ] {
        let got = sgf::FORMAT.read(bad);
        assert!(got.iter().any(|g| g.is_err()), "{bad}: {got:?}");
    }
}

#[test]
fn psq_counts_y_from_the_top() {
    let text = "Piskvorky 20x20, 11:11, 0\n10,10,0\n11,11,120\n1,20,5\n-1\npbrain-a.exe\npbrain-b.exe\n";
    let d = one(&psq::FORMAT, text);
    assert_eq!(moves(&d), ["j11", "k10", "a1"]);
    assert_eq!(d.players, ["pbrain-a.exe", "pbrain-b.exe"]);
    assert_eq!(d.options.get("rules").map(String::as_str), Some("freestyle"));
    let written = psq::FORMAT.write(&record(&d)).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        written.starts_with("Piskvorky 20x20, 11:11, 0\n10,10,0\n11,11,0\n1,20,0\n"),
        "{written}"
    );
    assert_eq!(moves(&one(&psq::FORMAT, &written)), moves(&d));
    for bad in [
        "",
        "Gomoku 15x15\n",
        "Piskvorky 15x16, 1:1, 0\n",
        "Piskvorky 15x15, 1:1, 0\n16,1,0\n",
    ] {
        assert!(psq::FORMAT.read(bad)[0].is_err(), "{bad}");
    }
}

#[test]
fn psq_refuses_a_line_it_cannot_read_naming_it() {
    for (text, line, why) in [
        // A mistyped move in the middle no longer ends the game there.
        ("Piskvorky 15x15, 1:1, 0\n8,8,0\n9;9,0\n10,10,0\n", 3, "not a move"),
        ("Piskvorky 15x15, 1:1, 0\n8,8,0\n9,9,0,7\n", 3, "not a move"),
        (
            "Piskvorky 15x15, 1:1, 0\n8,8,0\nx\n10,10,0\n",
            4,
            "after the moves ended at line 3",
        ),
        ("Piskvorky 15x15, 1:1, 0\n8,8,0\na\nb\nc\n", 5, "neither a move nor"),
    ] {
        let err = psq::FORMAT.read(text).remove(0).unwrap_err();
        assert_eq!(err.line, Some(line), "{text}: {err}");
        assert!(err.reason.contains(why), "{text}: {err}");
    }
}

const DATABASE: &str = r#"<?xml version="1.0" encoding="utf-8"?>
<database>
<players>
<player id="1" name="Ann" surname="Lee" country="1"/>
<player id="2" name="Bob" surname="Ray" country="1"/>
</players>
<cities><city id="7" name="Tallinn"/></cities>
<rules><rule id="1" name="RIF"/></rules>
<tournaments><tournament id="3" name="Open &amp; Cup" start="2019-08-01" city="7"/></tournaments>
<games>
<game id="10" tournament="3" round="1" black="1" white="2" bresult="1" rule="1">
<move>h8 i9 h7 i7 h6 i6 h5 i5 h4</move>
</game>
<game id="11" tournament="3" round="2" black="2" white="1" bresult="0"/>
<game id="12" tournament="3" round="3" black="1" white="2" bresult="0.5">
<move>h8 h8</move>
</game>
<game id="13" tournament="3" round="4" black="1" white="2" bresult="0.5">
<move>f8 a1 g8 a3 h6 a5 h7 a7 h8 a9 o15</move>
</game>
</games>
</database>
"#;

#[test]
fn renjunet_imports_each_game_and_reports_the_bad_ones() {
    let drafts = renjunet::FORMAT.read(DATABASE);
    assert_eq!(drafts.len(), 4);
    let first = drafts[0].as_ref().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(first.players, ["Ann Lee", "Bob Ray"]);
    for (key, value) in [
        ("event", "Open & Cup"),
        ("site", "Tallinn"),
        ("date", "2019-08-01"),
        ("round", "1"),
        ("result", "black"),
    ] {
        assert_eq!(first.tags.get(key).map(String::as_str), Some(value), "{key}");
    }
    let rec = record(first);
    assert!(
        matches!(&drafts[1], Err(FormatError { game: Some(2), .. })),
        "{:?}",
        drafts[1]
    );
    let illegal = drafts[2].as_ref().map(|d| build(crate::registry(), d, None));
    assert!(
        matches!(illegal, Ok(Err(FormatError { ply: Some(2), .. }))),
        "{illegal:?}"
    );

    let written = renjunet::FORMAT.write(&rec).unwrap_or_else(|e| panic!("{e}"));
    let again = one(&renjunet::FORMAT, &written);
    assert_eq!(moves(&again), moves(first));
    assert_eq!(again.players, first.players);
    for key in ["event", "site", "date", "round", "result"] {
        assert_eq!(again.tags.get(key), first.tags.get(key), "{key}");
    }
    assert!(renjunet::FORMAT.read("<database><games>").iter().all(|d| d.is_err()));
    assert!(renjunet::FORMAT.read("<a x=1>").iter().all(|d| d.is_err()));
}

#[test]
fn renlib_trees_lines_and_bytes() {
    let lines = vec![
        vec![p("h8"), p("h9"), p("f9")],
        vec![p("h8"), p("h9"), p("g9")],
        vec![p("h8"), p("i9")],
        vec![p("h8"), p("j7"), p("i9")],
    ];
    let bytes = write_renlib(&lines).unwrap_or_default();
    let tree = read_renlib(&bytes).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(tree.version, (3, 0));
    assert_eq!(tree.lines(), lines);
    // h8 is 0x78: row 7 from the top, file 8.
    assert_eq!(bytes[20..22], [0x78, 0x00]);

    // A hand-made file: a root record with a comment, h8, then h9 and i9 as alternatives.
    let mut file = vec![0xFF, b'R', b'e', b'n', b'L', b'i', b'b', 0xFF, 3, 4];
    file.extend([0xFF; 10]);
    file.extend([0x00, 0x08, b'h', b'i', 0, 0, 0x78, 0x00, 0x68, 0xC0, 0x69, 0x40]);
    let tree = read_renlib(&file).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(tree.nodes[0].comment.as_deref(), Some("hi"));
    assert_eq!(tree.lines(), vec![vec![p("h8"), p("h9")], vec![p("h8"), p("i9")]]);
    let drafts: Vec<_> = renlib_drafts(&file).collect();
    assert_eq!(drafts.len(), 2);
    let main = drafts[0].as_ref().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(main.tags.get("renlib-line").map(String::as_str), Some("1"));
    let rec = record(main);
    let one_line = write_renlib_record(&rec).unwrap_or_default();
    assert_eq!(
        read_renlib(&one_line).map(|t| t.lines()),
        Ok(vec![vec![p("h8"), p("h9")]])
    );

    for bad in [
        &b"RenLib"[..],
        &file[..21],
        &[&file[..20], &[0x78, 0x08, b'x']][..].concat()[..],
    ] {
        assert!(read_renlib(bad).is_err(), "{bad:?}");
    }
    assert!(renlib::FORMAT.read("h8 i9").iter().all(|d| d.is_err()));
    assert!(renlib::FORMAT.write(&rec).is_err());
}

#[test]
fn an_opening_record_writes_its_stones_with_the_chosen_fifth() {
    let mut d = super::draft("renju", 15, 1);
    d.options.insert("opening".into(), "rif".into());
    d.players = vec!["Ann".into(), "Bob".into()];
    for m in [
        "h8",
        "h9",
        "h10",
        "swap",
        "h11",
        "offer g7",
        "offer g9",
        "choose g9",
        "a1",
    ] {
        super::push(&mut d, m.to_string(), 1);
    }
    let rec = record(&d);
    assert_eq!(coords::FORMAT.write(&rec), Ok("h8 h9 h10 h11 g9 a1\n".to_string()));
    // After the swap Bob holds black.
    let written = sgf::FORMAT.write(&rec).unwrap_or_default();
    assert!(written.contains("PB[Bob]PW[Ann]"), "{written}");
    assert!(written.contains("RU[renju]"), "the opening is not carried: {written}");
}

/// A free-play game of `game` with `options` and these moves.
fn game(game: &str, options: &[(&str, &str)], played: &[&str]) -> Draft {
    let mut d = super::draft(game, 15, 1);
    for (k, v) in options {
        d.options.insert(k.to_string(), v.to_string());
    }
    for m in played {
        super::push(&mut d, m.to_string(), 1);
    }
    d
}

/// Black's double three at i8.
const FOUL: [&str; 9] = ["h8", "a1", "i9", "a2", "j8", "a3", "i7", "a4", "i8"];

fn outcome(rec: &Record) -> Option<kifu_core::rules::Outcome> {
    match kifu_core::replay::verify_record(crate::registry(), rec).turn {
        Some(kifu_core::rules::Turn::Over { outcome }) => Some(outcome),
        _ => None,
    }
}

#[test]
fn a_claimed_foul_goes_out_as_a_forfeit_with_its_claim_and_comes_back() {
    let claimed = [&FOUL[..], &["claim"]].concat();
    let d = game("renju", &[("fouls", "claim")], &claimed);
    let rec = record(&d);
    let written = sgf::FORMAT.write(&rec).unwrap_or_else(|e| panic!("{e}"));
    assert!(written.contains("SZ[15]RU[renju fouls=claim]"), "{written}");
    assert!(written.contains("RE[W+F]"), "{written}");
    assert!(written.ends_with("\n;B[ih]C[claim i8])\n"), "{written}");
    let again = one(&sgf::FORMAT, &written);
    assert_eq!(moves(&again).last(), Some(&"claim i8"));
    assert_eq!(again.options, d.options);
    assert_eq!(again.tags.get("result").map(String::as_str), Some("white"));
    assert_eq!(outcome(&record(&again)), outcome(&rec));
    assert_eq!(outcome(&rec).map(|o| o.winners), Some(vec![1]));

    // The comment is a claim only in a game won by a foul.
    let resigned = one(&sgf::FORMAT, &written.replace("RE[W+F]", "RE[W+R]"));
    assert_eq!(moves(&resigned).len(), 9);
    let xml = renjunet::FORMAT.write(&rec).unwrap_or_else(|e| panic!("{e}"));
    assert!(xml.contains("bresult=\"0\""), "{xml}");

    // Under fouls=auto the foul loses at once: a forfeit with no claim to write.
    let auto = record(&game("renju", &[("fouls", "auto")], &FOUL));
    let written = sgf::FORMAT.write(&auto).unwrap_or_default();
    assert!(written.contains("RE[W+F]") && !written.contains("C["), "{written}");
    assert_eq!(outcome(&record(&one(&sgf::FORMAT, &written))), outcome(&auto));

    // Two passes draw; a game still going has only its result tag to give.
    let passes = record(&game("renju", &[], &["h8", "a1", "i9", "pass", "pass"]));
    assert!(sgf::FORMAT.write(&passes).unwrap_or_default().contains("RE[0]"));
    let going = record(&game("renju", &[], &["h8", "a1"]));
    assert!(!sgf::FORMAT.write(&going).unwrap_or_default().contains("RE["));
}

#[test]
fn sgf_rules_name_the_game_and_its_options() {
    let d = one(&sgf::FORMAT, "(;GM[4]SZ[15]RU[gomoku rules=omok size=19];B[hh])");
    assert_eq!(d.game, "gomoku");
    assert_eq!(
        d.options.into_iter().collect::<Vec<_>>(),
        [("rules".into(), "omok".into())]
    );
    let big = one(&sgf::FORMAT, "(;GM[4]SZ[19]RU[Renju fouls=claim];B[jj])");
    assert_eq!(big.game, "renju");
    assert_eq!(big.options.get("size").map(String::as_str), Some("19"));
    assert_eq!(big.options.get("fouls").map(String::as_str), Some("claim"));
    for foreign in ["RIF", "Renju (RIF 1996)", "gomoku =x"] {
        let d = one(&sgf::FORMAT, &format!("(;GM[4]SZ[15]RU[{foreign}];B[hh])"));
        assert_eq!((d.game.as_str(), d.options.len()), ("renju", 0), "{foreign}");
    }
    let omok = record(&game(
        "gomoku",
        &[("rules", "omok"), ("black.overline", "win")],
        &["h8"],
    ));
    let written = sgf::FORMAT.write(&omok).unwrap_or_default();
    assert!(
        written.contains("RU[gomoku black.overline=win rules=omok]"),
        "{written}"
    );
    assert_eq!(one(&sgf::FORMAT, &written).options, omok.header.options);
}

/// Every prefix of valid files, and the same files with characters changed, are read without
/// a panic (errors are fine).
#[test]
fn cut_and_mangled_files_never_panic() {
    let samples: Vec<(&dyn Format, String)> = vec![
        (&coords::FORMAT, "1. h8 i9 2. h7pass o15\n\na1".to_string()),
        (
            &sgf::FORMAT,
            "(;GM[4]SZ[15]PB[A\\]]AB[hh]PL[W];W[ii](;B[jj])(;B[kk]))".to_string(),
        ),
        (
            &psq::FORMAT,
            "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n-1\na\nb\n".to_string(),
        ),
        (&renjunet::FORMAT, DATABASE.to_string()),
    ];
    for (format, text) in samples {
        let chars: Vec<char> = text.chars().collect();
        for cut in 0..=chars.len() {
            let prefix: String = chars[..cut].iter().collect();
            let _ = format.read(&prefix);
            let mut mangled = chars.clone();
            mangled[cut % chars.len().max(1)] = ['é', '[', ']', '<', '"', '0', ';', '('][cut % 8];
            let _ = format.read(&mangled.iter().collect::<String>());
        }
    }
    let bytes = write_renlib(&[vec![p("h8"), p("h9")], vec![p("h8"), p("i9"), p("j10")]]).unwrap_or_default();
    for cut in 0..=bytes.len() {
        let _ = renlib_drafts(&bytes[..cut]).count();
        let mut mangled = bytes.clone();
        if let Some(b) = mangled.get_mut(cut) {
            *b = b.wrapping_add(0x5B);
        }
        let _ = renlib_drafts(&mangled).count();
    }
}
